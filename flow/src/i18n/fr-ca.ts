/**
 * French as used in Canada (fr-CA), served for every French browser: « cellulaire », « égoportrait »,
 * « code QR », and no space before ? or ! (Office québécois de la langue française usage).
 */
import type { Catalogue } from './en.js';

export const frCA: Catalogue = {
  'app.brand': 'Vérification d’identité',
  'app.loading': 'Chargement…',
  'app.title': '{title} · Vérification d’identité',
  'progress.label': 'Progression',
  'progress.step': 'Étape {step} sur {total} : {name}',
  'progress.done': '{name} (terminé)',
  'step.agree': 'Consentement',
  'step.front': 'Recto du permis',
  'step.back': 'Verso du permis',
  'step.front.passport': 'Page de la photo du passeport',
  'step.back.passport': 'Pas de verso pour un passeport',
  'step.front.id_card': 'Recto de la carte',
  'step.back.id_card': 'Verso de la carte',
  'step.selfie': 'Égoportrait',

  'welcome.title': 'Vérifiez votre identité',
  'welcome.lead':
    'Vous prendrez en photo le recto et le verso de votre permis de conduire américain ou de votre carte d’identité d’État, puis un court égoportrait. Cela prend environ {minutes} minutes.',
  'welcome.needs': 'Ce qu’il vous faut',
  'welcome.need.licence': 'Votre permis de conduire ou votre carte d’identité d’État',
  'welcome.need.camera':
    'Une caméra, avec un bon éclairage. Votre navigateur vous demandera la permission de l’utiliser.',
  'welcome.need.time': 'Environ {minutes} minutes',
  'welcome.consent':
    'J’accepte que les photos de mon permis et mon égoportrait, y compris les données biométriques de mon visage, soient traités pour vérifier mon identité.',
  'welcome.consent.detail':
    'Les photos servent uniquement à cette vérification et à la prévention de la fraude, et sont transmises à l’entreprise qui vous a demandé de vous vérifier.',
  'welcome.consent.retention':
    'Les photos sont supprimées {media_days} jours après la décision, vos autres renseignements personnels après {data_days} jours et le gabarit facial qui sert à détecter les inscriptions en double après {template_days} jours; l’entreprise peut les faire supprimer plus tôt.',
  'welcome.consent.merchant': '{merchant} utilise ce service pour vérifier votre identité.',
  'brand.logo': 'Logo de {merchant}',
  'footer.support': 'Aide',
  'footer.privacy': 'Politique de confidentialité',
  'link.new_tab': '(s’ouvre dans un nouvel onglet)',
  'welcome.consent.missing': 'Cochez la case pour donner votre accord avant de continuer.',
  'welcome.continue': 'Accepter et continuer',

  'handoff.title': 'Continuez sur votre cellulaire',
  'handoff.lead':
    'La caméra de votre cellulaire prend des photos plus nettes de votre permis. Balayez ce code avec la caméra de votre cellulaire pour continuer là-bas; cette page suivra votre progression.',
  'handoff.qr.alt': 'Code QR qui ouvre cette vérification sur votre cellulaire',
  'handoff.link.label': 'Ou ouvrez ce lien sur votre cellulaire',
  'handoff.copy': 'Copier le lien',
  'handoff.copied': 'Lien copié.',
  'handoff.expires': 'Le code et le lien fonctionnent une seule fois, jusqu’à {time}.',
  'handoff.waiting': 'En attente de votre cellulaire…',
  'handoff.claimed': 'Vous continuez sur votre cellulaire. Gardez cette page ouverte.',
  'handoff.phone.step': 'Votre cellulaire en est à : {step}',
  'handoff.phone.submitting': 'Votre cellulaire envoie les dernières photos…',
  'handoff.expired': 'Ce code a expiré. Obtenez-en un nouveau pour continuer sur votre cellulaire.',
  'handoff.renew': 'Obtenir un nouveau code',
  'handoff.stay': 'Utiliser plutôt cet appareil',
  'handoff.offer': 'Continuer sur votre cellulaire',
  'handoff.creating': 'Préparation d’un code pour votre cellulaire…',
  'handoff.phone.done': 'Vous pouvez retourner à l’appareil où vous avez commencé.',
  'handoff.claiming': 'Ouverture de votre vérification…',

  'document.front.title': 'Recto de votre permis',
  'document.back.title': 'Verso de votre permis',
  'document.front.hint':
    'Placez le recto de votre permis dans le cadre, à plat, sous un bon éclairage et sans reflet.',
  'document.back.hint':
    'Retournez votre permis et placez le code-barres du verso dans le cadre. La photo est prise dès que nous pouvons le lire.',
  'camera.starting': 'Démarrage de la caméra…',
  'document.front.ready': 'Caméra active. Appuyez sur Prendre la photo quand votre permis remplit le cadre.',
  'document.back.ready': 'Caméra active. Recherche du code-barres…',
  'document.take': 'Prendre la photo',
  'document.upload': 'Téléverser plutôt une photo',
  'document.choose': 'Choisir ou prendre une photo',
  'document.barcode.read': 'Code-barres lu.',
  'document.reading': 'Lecture de votre photo…',
  'document.review.title': 'Vérifiez votre photo',
  'document.review.back.read':
    'Nous avons lu le code-barres. Vérifiez que la photo est nette et montre tout le verso de la carte.',
  'document.review.back.unread':
    'Nous n’avons pas encore pu lire le code-barres sur cette photo. Reprenez-la avec le code-barres qui remplit le cadre, ou envoyez-la et nous réessaierons.',
  'document.review.front.blurred':
    'Cette photo semble floue : le texte de la carte pourrait être illisible. Tenez la carte immobile sous un bon éclairage et reprenez-la.',
  'document.review.front':
    'Vérifiez que les quatre coins sont visibles, que le texte est lisible et qu’il n’y a pas de reflet.',
  'document.front.alt': 'Votre photo du recto de votre permis',
  'document.back.alt': 'Votre photo du verso de votre permis',
  'document.use': 'Utiliser cette photo',
  'document.retake': 'Reprendre',
  'document.sending': 'Envoi…',
  'document.sending.announce': 'Envoi de votre photo…',
  'document.choice.title': 'Choisissez votre pièce d’identité',
  'document.choice.lead': 'Quelle pièce allez-vous utiliser? Choisissez-en une que vous avez sous la main.',
  'document.type.drivers_license': 'Permis de conduire ou carte d’identité d’État',
  'document.type.id_card': 'Carte d’identité nationale',
  'document.type.passport': 'Passeport',
  'document.type.drivers_license.detail': 'Le recto, puis le code-barres du verso',
  'document.type.id_card.detail': 'Le recto, puis le verso',
  'document.type.passport.detail': 'La page de la photo seulement',
  'document.change': 'Utiliser une autre pièce',
  'document.passport.title': 'Page de la photo de votre passeport',
  'document.passport.hint':
    'Ouvrez votre passeport à la page de votre photo. Posez-le à plat et placez toute la page dans le cadre, y compris les deux lignes de lettres et de chevrons (<<<) du bas. Évitez les reflets sur la photo.',
  'document.passport.ready':
    'Caméra active. Appuyez sur Prendre la photo quand la page de la photo remplit le cadre.',
  'document.passport.alt': 'Votre photo de la page de la photo de votre passeport',
  'document.idcard.front.title': 'Recto de votre carte d’identité',
  'document.idcard.back.title': 'Verso de votre carte d’identité',
  'document.idcard.front.hint':
    'Placez le recto de votre carte, avec votre photo, dans le cadre, à plat, sous un bon éclairage et sans reflet.',
  'document.idcard.back.hint':
    'Retournez votre carte. Placez tout le verso dans le cadre, y compris les trois lignes de lettres et de chevrons (<<<).',
  'document.idcard.ready': 'Caméra active. Appuyez sur Prendre la photo quand votre carte remplit le cadre.',
  'document.idcard.front.alt': 'Votre photo du recto de votre carte d’identité',
  'document.idcard.back.alt': 'Votre photo du verso de votre carte d’identité',
  'document.review.mrz':
    'Vérifiez que toute la pièce est sur la photo, que les lignes de lettres et de chevrons (<<<) du bas sont nettes et qu’il n’y a pas de reflet.',
  'document.review.mrz.blurred':
    'Cette photo semble floue : les lignes de lettres du bas pourraient être illisibles. Tenez la pièce immobile sous un bon éclairage et reprenez-la.',
  'welcome.need.document': 'Une pièce d’identité : {documents}',
  'camera.denied.document':
    'L’accès à la caméra est bloqué. Autorisez la caméra pour ce site dans les paramètres de votre navigateur et appuyez sur Réessayer la caméra, ou téléversez plutôt une photo de votre permis.',
  'camera.unavailable.document':
    'Nous n’avons pas pu démarrer de caméra sur cet appareil. Prenez ou choisissez plutôt une photo de votre permis.',
  'camera.retry': 'Réessayer la caméra',
  'camera.denied.short': 'L’autorisation de la caméra a été refusée.',
  'camera.unavailable.short': 'Aucune caméra n’est disponible.',
  'file.unreadable': 'Ce fichier n’est pas une image lisible. Choisissez une photo JPEG, PNG ou WebP.',

  'selfie.title': 'Prenez un égoportrait',
  'selfie.hint':
    'Centrez votre visage dans l’ovale, sous un bon éclairage, sans chapeau ni lunettes de soleil. Quand vous appuyez sur Commencer, nous vous demandons quelques mouvements simples, un à la fois : suivez la consigne sous l’image.',
  'selfie.start': 'Commencer',
  'selfie.ready': 'Quand vous êtes prêt.',
  'selfie.ready.announce': 'Caméra active. Appuyez sur Commencer quand votre visage est dans l’ovale.',
  'selfie.fallback': 'Utiliser plutôt une vidéo ou des photos',
  'selfie.fallback.primary': 'Enregistrer une courte vidéo ou choisir des photos',
  'camera.denied.selfie':
    'L’accès à la caméra est bloqué. Autorisez la caméra pour ce site dans les paramètres de votre navigateur et appuyez sur Réessayer la caméra.',
  'camera.unavailable.selfie': 'Nous n’avons pas pu démarrer de caméra sur cet appareil.',
  'selfie.fallback.hint':
    'Enregistrez plutôt une vidéo égoportrait de {min} à {max} secondes en tournant lentement la tête un peu à gauche et à droite, ou choisissez jusqu’à {frames} photos de votre visage.',
  'selfie.video.too.long': 'Cette vidéo est trop longue. Enregistrez de {min} à {max} secondes.',
  'selfie.sending.title': 'Envoi de votre égoportrait',
  'selfie.sending.hint': 'Cela prend un instant.',
  'selfie.sending.announce': 'Envoi de votre égoportrait…',

  'challenge.loading': 'Préparation de la vérification du visage…',
  'challenge.requesting': 'Préparation de vos instructions…',
  'challenge.progress': 'Étape {step} sur {total}',
  'challenge.steps': 'Mouvements à faire',
  'challenge.baseline': 'Regardez droit vers la caméra sans bouger',
  'challenge.back': 'Bien. Regardez de nouveau droit vers la caméra',
  'challenge.seen': 'Fait : {action}',
  'challenge.done': '(fait)',
  'challenge.guide.no_face': 'Placez votre visage dans l’ovale',
  'challenge.guide.one_face': 'Assurez-vous que seul votre visage est dans l’image',
  'challenge.guide.closer': 'Approchez-vous un peu',
  'challenge.guide.centre': 'Centrez votre visage dans l’ovale',
  'challenge.guide.straight': 'Tournez-vous vers la caméra',
  'challenge.guide.still': 'Ne bougez pas',
  'challenge.action.turn_left': 'Tournez la tête vers votre gauche',
  'challenge.action.turn_right': 'Tournez la tête vers votre droite',
  'challenge.action.look_up': 'Levez la tête',
  'challenge.action.look_down': 'Baissez la tête',
  'challenge.action.smile': 'Souriez',
  'challenge.action.blink': 'Clignez des yeux',
  'challenge.action.open_mouth': 'Ouvrez la bouche',
  'challenge.timeout.action':
    'Nous n’avons pas vu « {action} » à temps. Appuyez sur Commencer pour réessayer avec de nouvelles instructions.',
  'challenge.timeout.face':
    'Nous n’avons pas bien vu votre visage. Trouvez un bon éclairage, centrez votre visage dans l’ovale et appuyez sur Commencer pour réessayer.',
  'challenge.limit':
    'Vous avez utilisé tous vos essais de la vérification du visage. Enregistrez plutôt une courte vidéo ou choisissez des photos; une personne les examinera.',
  'challenge.unsupported':
    'Ce navigateur ne peut pas faire la vérification du visage. Enregistrez plutôt une courte vidéo ou choisissez des photos; une personne les examinera.',
  'challenge.too_slow':
    'Cet appareil est trop lent pour la vérification du visage en direct : il n’a pas pu suivre vos mouvements. Enregistrez plutôt une courte vidéo ou choisissez des photos; une personne les examinera.',

  'submit.title': 'Vérification de vos renseignements',
  'submit.hint': 'Cela prend habituellement quelques secondes. Gardez cette page ouverte.',
  'submit.announce': 'Vérification de vos renseignements…',
  'done.title': 'Merci',
  'done.lead':
    'Votre vérification est terminée. L’entreprise qui vous a demandé de vous vérifier vous indiquera les prochaines étapes.',
  'done.close': 'Terminé',
  'done.closable': 'Vous pouvez maintenant fermer cette page.',
  'done.announce': 'Votre vérification est terminée.',

  'fatal.title': 'Impossible de continuer',
  'failure.title': 'Un problème est survenu',
  'action.close': 'Fermer',
  'action.back': 'Retour',
  'action.retry': 'Réessayer',

  'error.token_missing':
    'Cette page a besoin d’un lien de vérification. Retournez à la page qui vous a envoyé ici et recommencez.',
  'error.token_invalid':
    'Ce lien de vérification a expiré ou n’est pas valide. Retournez à la page qui vous a envoyé ici et recommencez.',
  'error.publishable_key_mismatch':
    'Cette page n’est pas configurée correctement pour la vérification d’identité. Communiquez avec l’entreprise qui vous a demandé de vous vérifier.',
  'error.origin_not_allowed':
    'Cette page a été ouverte à partir d’un site qui n’est pas configuré pour la vérification d’identité. Communiquez avec l’entreprise qui vous a demandé de vous vérifier.',
  'error.forbidden': 'Cette action n’est pas permise.',
  'error.init_timeout': 'Cette page n’a pas pu se connecter au site qui l’a ouverte. Rechargez-la.',
  'error.consent_required': 'Veuillez accepter les conditions avant de continuer.',
  'error.barcode_unreadable':
    'Nous n’avons pas pu lire le code-barres au verso de votre permis. Reprenez la photo sous un bon éclairage, avec le code-barres net qui remplit le cadre.',
  'error.image_invalid': 'Cette image n’a pas pu être utilisée. Reprenez-la.',
  'error.missing_input': 'Il manque une étape. Nous vous y ramenons.',
  'error.payload_too_large': 'Ce fichier est trop volumineux. Reprenez la photo.',
  'error.conflict': 'Cette vérification a déjà avancé. Chargement de son état actuel.',
  'error.expired': 'Cette vérification a expiré. Retournez en arrière et commencez-en une nouvelle.',
  'error.validation': 'Un élément de cette demande n’a pas été accepté. Réessayez.',
  'error.not_found': 'Le service de vérification n’est pas disponible ici.',
  'error.rate_limited': 'Trop de tentatives. Attendez une minute et réessayez.',
  'error.server': 'Le service de vérification a eu un problème. Réessayez.',
  'error.client': 'Un problème est survenu sur cette page. Réessayez.',
  'error.unknown_state': 'Cette vérification est dans un état que cette page ne connaît pas.',
  'error.network': 'Nous n’avons pas pu joindre le serveur. Vérifiez votre connexion et réessayez.',
  'error.handoff_used':
    'Ce lien a déjà été utilisé sur un autre appareil. Pour continuer ici, balayez un nouveau code à partir de l’appareil où vous avez commencé.',
  'error.handoff_expired':
    'Ce lien a expiré. Balayez un nouveau code à partir de l’appareil où vous avez commencé.',
  'error.handoff_invalid':
    'Ce lien n’est pas valide. Balayez le code de nouveau à partir de l’appareil où vous avez commencé.',

  'test.banner.title': 'Mode test.',
  'test.banner.detail':
    'Rien ici n’est une vraie vérification : aucune photo n’est analysée et le résultat est simulé.',
  'test.sample.hint': 'En mode test, vous pouvez envoyer une image d’exemple au lieu d’utiliser la caméra.',
  'test.sample.use': 'Utiliser une image d’exemple',
  'test.sample.camera': 'Utiliser plutôt la caméra',
  'test.sample.sent': 'Image d’exemple envoyée.',
  'test.outcome.title': 'Choisissez le résultat',
  'test.outcome.hint':
    'Le mode test simule les vérifications. Choisissez le résultat qu’elles doivent donner; la décision suit les règles du service.',
  'test.outcome.approve': 'Toutes les vérifications réussissent (approuver)',
  'test.outcome.reasons': 'Ces motifs se déclenchent :',
  'test.outcome.submit': 'Soumettre avec ce résultat',
};
