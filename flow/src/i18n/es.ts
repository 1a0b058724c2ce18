/** Spanish (neutral Latin American wording, as most Spanish speakers in the US use it). */
import type { Catalogue } from './en.js';

export const es: Catalogue = {
  'app.brand': 'Verificación de identidad',
  'app.loading': 'Cargando…',
  'app.title': '{title} · Verificación de identidad',
  'progress.label': 'Progreso',
  'progress.step': 'Paso {step} de {total}: {name}',
  'progress.done': '{name} (listo)',
  'step.agree': 'Aceptar',
  'step.front': 'Frente de la licencia',
  'step.back': 'Reverso de la licencia',
  'step.front.passport': 'Página de la foto del pasaporte',
  'step.back.passport': 'Sin reverso para un pasaporte',
  'step.front.id_card': 'Frente del documento',
  'step.back.id_card': 'Reverso del documento',
  'step.selfie': 'Selfi',

  'welcome.title': 'Verifique su identidad',
  'welcome.lead':
    'Tomará fotos del frente y del reverso de su licencia de conducir de EE. UU. o identificación estatal, y luego una selfi corta. Tarda unos {minutes} minutos.',
  'welcome.needs': 'Necesitará',
  'welcome.need.licence': 'Su licencia de conducir o identificación estatal',
  'welcome.need.camera': 'Una cámara, con buena luz. Su navegador le pedirá permiso para usarla.',
  'welcome.need.time': 'Unos {minutes} minutos',
  'welcome.consent':
    'Acepto que las fotos de mi licencia y mi selfi, incluidos los datos biométricos de mi rostro, se procesen para verificar mi identidad.',
  'welcome.consent.detail':
    'Las fotos se usan solo para esta verificación y para prevenir el fraude, y se envían a la empresa que le pidió verificarse.',
  'welcome.consent.retention':
    'Las fotos se eliminan {media_days} días después de la decisión, sus demás datos personales a los {data_days} días y la plantilla facial que sirve para detectar registros duplicados a los {template_days} días; la empresa puede pedir que se eliminen antes.',
  'welcome.consent.merchant': '{merchant} usa este servicio para verificar su identidad.',
  'brand.logo': 'Logotipo de {merchant}',
  'footer.support': 'Ayuda',
  'footer.privacy': 'Política de privacidad',
  'link.new_tab': '(se abre en una pestaña nueva)',
  'welcome.consent.missing': 'Marque la casilla para aceptar antes de continuar.',
  'welcome.continue': 'Aceptar y continuar',

  'handoff.title': 'Continúe en su teléfono',
  'handoff.lead':
    'La cámara de su teléfono toma fotos más nítidas de su licencia. Escanee este código con la cámara del teléfono para seguir allí; esta página se actualizará sola.',
  'handoff.qr.alt': 'Código QR que abre esta verificación en su teléfono',
  'handoff.link.label': 'O abra este enlace en su teléfono',
  'handoff.copy': 'Copiar enlace',
  'handoff.copied': 'Enlace copiado.',
  'handoff.expires': 'El código y el enlace funcionan una sola vez, hasta las {time}.',
  'handoff.waiting': 'Esperando a su teléfono…',
  'handoff.claimed': 'Continuando en su teléfono. Mantenga esta página abierta.',
  'handoff.phone.step': 'Su teléfono está en: {step}',
  'handoff.phone.submitting': 'Su teléfono está enviando las últimas fotos…',
  'handoff.expired': 'Este código venció. Pida uno nuevo para continuar en su teléfono.',
  'handoff.renew': 'Obtener un código nuevo',
  'handoff.stay': 'Usar este dispositivo',
  'handoff.offer': 'Continuar en su teléfono',
  'handoff.creating': 'Preparando un código para su teléfono…',
  'handoff.phone.done': 'Ya puede volver al dispositivo donde empezó.',
  'handoff.claiming': 'Abriendo su verificación…',

  'document.front.title': 'Frente de su licencia',
  'document.back.title': 'Reverso de su licencia',
  'document.front.hint':
    'Coloque el frente de su licencia dentro del marco, plana, con buena luz y sin reflejos.',
  'document.back.hint':
    'Dé vuelta a su licencia y coloque el código de barras del reverso dentro del marco. Tomamos la foto en cuanto podamos leerlo.',
  'camera.starting': 'Encendiendo la cámara…',
  'document.front.ready': 'Cámara encendida. Pulse Tomar foto cuando su licencia llene el marco.',
  'document.back.ready': 'Cámara encendida. Buscando el código de barras…',
  'document.take': 'Tomar foto',
  'document.upload': 'Subir una foto',
  'document.choose': 'Elegir o tomar una foto',
  'document.barcode.read': 'Código de barras leído.',
  'document.reading': 'Leyendo su foto…',
  'document.review.title': 'Revise su foto',
  'document.review.back.read':
    'Leímos el código de barras. Compruebe que la foto esté nítida y muestre todo el reverso de la tarjeta.',
  'document.review.back.unread':
    'Aún no pudimos leer el código de barras en esta foto. Tómela de nuevo con el código llenando el marco, o envíela y lo intentaremos otra vez.',
  'document.review.front.blurred':
    'Esta foto se ve borrosa, así que es posible que el texto de la tarjeta no se pueda leer. Sostenga la tarjeta firme con buena luz y tómela de nuevo.',
  'document.review.front':
    'Compruebe que se vean las cuatro esquinas, que el texto se pueda leer y que no haya reflejos.',
  'document.front.alt': 'Su foto del frente de su licencia',
  'document.back.alt': 'Su foto del reverso de su licencia',
  'document.use': 'Usar esta foto',
  'document.retake': 'Tomar otra',
  'document.sending': 'Enviando…',
  'document.sending.announce': 'Enviando su foto…',
  'document.choice.title': 'Elija su documento',
  'document.choice.lead': '¿Qué documento va a usar? Elija uno que tenga a mano.',
  'document.type.drivers_license': 'Licencia de conducir o identificación estatal',
  'document.type.id_card': 'Documento nacional de identidad',
  'document.type.passport': 'Pasaporte',
  'document.type.drivers_license.detail': 'El frente y luego el código de barras del reverso',
  'document.type.id_card.detail': 'El frente y luego el reverso',
  'document.type.passport.detail': 'Solo la página de la foto',
  'document.change': 'Usar otro documento',
  'document.passport.title': 'Página de la foto de su pasaporte',
  'document.passport.hint':
    'Abra su pasaporte en la página con su foto. Colóquelo plano y encuadre toda la página, incluidas las dos líneas de letras y signos (<<<) de abajo. Evite reflejos sobre la foto.',
  'document.passport.ready': 'Cámara encendida. Pulse Tomar foto cuando la página de la foto llene el marco.',
  'document.passport.alt': 'Su foto de la página de la foto de su pasaporte',
  'document.idcard.front.title': 'Frente de su documento de identidad',
  'document.idcard.back.title': 'Reverso de su documento de identidad',
  'document.idcard.front.hint':
    'Coloque el frente de su documento, con su foto, dentro del marco, plano, con buena luz y sin reflejos.',
  'document.idcard.back.hint':
    'Dé vuelta a su documento. Encuadre todo el reverso, incluidas las tres líneas de letras y signos (<<<).',
  'document.idcard.ready': 'Cámara encendida. Pulse Tomar foto cuando su documento llene el marco.',
  'document.idcard.front.alt': 'Su foto del frente de su documento de identidad',
  'document.idcard.back.alt': 'Su foto del reverso de su documento de identidad',
  'document.review.mrz':
    'Compruebe que se vea todo el documento, que las líneas de letras y signos (<<<) de abajo estén nítidas y que no haya reflejos.',
  'document.review.mrz.blurred':
    'Esta foto se ve borrosa, así que es posible que las líneas de letras de abajo no se puedan leer. Sostenga el documento firme con buena luz y tómela de nuevo.',
  'welcome.need.document': 'Un documento de identidad: {documents}',
  'camera.denied.document':
    'El acceso a la cámara está bloqueado. Permita la cámara para este sitio en la configuración del navegador y pulse Volver a intentar con la cámara, o suba una foto de su licencia.',
  'camera.unavailable.document':
    'No pudimos encender una cámara en este dispositivo. Tome o elija una foto de su licencia.',
  'camera.retry': 'Volver a intentar con la cámara',
  'camera.denied.short': 'Se negó el permiso de la cámara.',
  'camera.unavailable.short': 'No hay ninguna cámara disponible.',
  'file.unreadable': 'No podemos leer este archivo como imagen. Elija una foto JPEG, PNG o WebP.',

  'selfie.title': 'Tómese una selfi',
  'selfie.hint':
    'Centre su rostro en el óvalo, con buena luz, sin sombrero ni lentes de sol. Al pulsar Comenzar, le pediremos algunos movimientos sencillos, uno a la vez: siga la instrucción debajo de la imagen.',
  'selfie.start': 'Comenzar',
  'selfie.ready': 'Cuando esté listo.',
  'selfie.ready.announce': 'Cámara encendida. Pulse Comenzar cuando su rostro esté en el óvalo.',
  'selfie.fallback': 'Usar un video o fotos',
  'selfie.fallback.primary': 'Grabar un video corto o elegir fotos',
  'camera.denied.selfie':
    'El acceso a la cámara está bloqueado. Permita la cámara para este sitio en la configuración del navegador y pulse Volver a intentar con la cámara.',
  'camera.unavailable.selfie': 'No pudimos encender una cámara en este dispositivo.',
  'selfie.fallback.hint':
    'En su lugar, grabe un video selfi de {min} a {max} segundos girando la cabeza despacio un poco a la izquierda y a la derecha, o elija hasta {frames} fotos de su rostro.',
  'selfie.video.too.long': 'Ese video es demasiado largo. Grabe de {min} a {max} segundos.',
  'selfie.sending.title': 'Enviando su selfi',
  'selfie.sending.hint': 'Esto tarda un momento.',
  'selfie.sending.announce': 'Enviando su selfi…',

  'challenge.loading': 'Preparando la verificación del rostro…',
  'challenge.requesting': 'Preparando sus instrucciones…',
  'challenge.progress': 'Paso {step} de {total}',
  'challenge.steps': 'Movimientos que debe hacer',
  'challenge.baseline': 'Mire directamente a la cámara y quédese quieto',
  'challenge.back': 'Bien. Ahora vuelva a mirar directamente a la cámara',
  'challenge.seen': 'Hecho: {action}',
  'challenge.done': '(hecho)',
  'challenge.guide.no_face': 'Ponga su rostro dentro del óvalo',
  'challenge.guide.one_face': 'Asegúrese de que solo su rostro aparezca en la imagen',
  'challenge.guide.closer': 'Acérquese un poco',
  'challenge.guide.centre': 'Centre su rostro en el óvalo',
  'challenge.guide.straight': 'Mire de frente a la cámara',
  'challenge.guide.still': 'Quédese quieto',
  'challenge.action.turn_left': 'Gire la cabeza hacia su izquierda',
  'challenge.action.turn_right': 'Gire la cabeza hacia su derecha',
  'challenge.action.look_up': 'Incline la cabeza hacia arriba',
  'challenge.action.look_down': 'Incline la cabeza hacia abajo',
  'challenge.action.smile': 'Sonría',
  'challenge.action.blink': 'Parpadee',
  'challenge.action.open_mouth': 'Abra la boca',
  'challenge.timeout.action':
    'No vimos «{action}» a tiempo. Pulse Comenzar para intentarlo de nuevo con instrucciones nuevas.',
  'challenge.timeout.face':
    'No pudimos ver bien su rostro. Busque buena luz, centre su rostro en el óvalo y pulse Comenzar para intentarlo de nuevo.',
  'challenge.limit':
    'Ya usó todos los intentos de la verificación del rostro. Grabe un video corto o elija fotos; una persona los revisará.',
  'challenge.unsupported':
    'Este navegador no puede hacer la verificación del rostro. Grabe un video corto o elija fotos; una persona los revisará.',
  'challenge.too_slow':
    'Este dispositivo es demasiado lento para la verificación del rostro en vivo: no pudo seguir sus movimientos. Grabe un video corto o elija fotos; una persona los revisará.',

  'submit.title': 'Revisando sus datos',
  'submit.hint': 'Esto suele tardar unos segundos. Mantenga esta página abierta.',
  'submit.announce': 'Revisando sus datos…',
  'done.title': 'Gracias',
  'done.lead':
    'Su verificación está completa. La empresa que le pidió verificarse le informará los próximos pasos.',
  'done.close': 'Listo',
  'done.closable': 'Ya puede cerrar esta página.',
  'done.announce': 'Su verificación está completa.',

  'fatal.title': 'No podemos continuar',
  'failure.title': 'Algo salió mal',
  'action.close': 'Cerrar',
  'action.back': 'Volver',
  'action.retry': 'Intentar de nuevo',

  'error.token_missing':
    'Esta página necesita un enlace de verificación. Vuelva a la página que lo envió aquí y empiece de nuevo.',
  'error.token_invalid':
    'Este enlace de verificación venció o no es válido. Vuelva a la página que lo envió aquí y empiece de nuevo.',
  'error.publishable_key_mismatch':
    'Esta página no está bien configurada para la verificación de identidad. Comuníquese con la empresa que le pidió verificarse.',
  'error.origin_not_allowed':
    'Esta página se abrió desde un sitio que no está configurado para la verificación de identidad. Comuníquese con la empresa que le pidió verificarse.',
  'error.forbidden': 'Esta acción no está permitida.',
  'error.init_timeout': 'Esta página no pudo conectarse con el sitio que la abrió. Vuelva a cargarla.',
  'error.consent_required': 'Acepte los términos antes de continuar.',
  'error.barcode_unreadable':
    'No pudimos leer el código de barras del reverso de su licencia. Tome la foto de nuevo con buena luz, con el código llenando el marco y enfocado.',
  'error.image_invalid': 'No pudimos usar esa imagen. Tómela de nuevo.',
  'error.missing_input': 'Falta un paso. Lo llevamos a ese paso.',
  'error.payload_too_large': 'Ese archivo es demasiado grande. Tome la foto de nuevo.',
  'error.conflict': 'Esta verificación ya avanzó. Cargando su estado actual.',
  'error.expired': 'Esta verificación venció. Vuelva y empiece una nueva.',
  'error.validation': 'Algo de esa solicitud no fue aceptado. Intente de nuevo.',
  'error.not_found': 'El servicio de verificación no está disponible aquí.',
  'error.rate_limited': 'Demasiados intentos. Espere un minuto e intente de nuevo.',
  'error.server': 'El servicio de verificación tuvo un problema. Intente de nuevo.',
  'error.client': 'Algo salió mal en esta página. Intente de nuevo.',
  'error.unknown_state': 'Esta verificación está en un estado que esta página no conoce.',
  'error.network': 'No pudimos comunicarnos con el servidor. Revise su conexión e intente de nuevo.',
  'error.handoff_used':
    'Este enlace ya se usó en otro dispositivo. Para continuar aquí, escanee un código nuevo desde el dispositivo donde empezó.',
  'error.handoff_expired': 'Este enlace venció. Escanee un código nuevo desde el dispositivo donde empezó.',
  'error.handoff_invalid':
    'Este enlace no es válido. Escanee el código de nuevo desde el dispositivo donde empezó.',

  'test.banner.title': 'Modo de prueba.',
  'test.banner.detail':
    'Nada de esto es una verificación real: no se analiza ninguna foto y el resultado es simulado.',
  'test.sample.hint': 'En modo de prueba puede enviar una imagen de muestra en lugar de usar la cámara.',
  'test.sample.use': 'Usar una imagen de muestra',
  'test.sample.camera': 'Usar la cámara',
  'test.sample.sent': 'Imagen de muestra enviada.',
  'test.outcome.title': 'Elija el resultado',
  'test.outcome.hint':
    'El modo de prueba simula las comprobaciones. Elija el resultado que deben dar; la decisión sigue las reglas del servicio.',
  'test.outcome.approve': 'Todas las comprobaciones pasan (aprobar)',
  'test.outcome.reasons': 'Se activan estos motivos:',
  'test.outcome.submit': 'Enviar con este resultado',
};
