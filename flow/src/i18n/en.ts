/** English: the reference catalogue. Every other language has exactly these keys (test/unit/flow-i18n.test.ts). */
export const en = {
  'app.brand': 'Identity verification',
  'app.loading': 'Loading…',
  'app.title': '{title} · Identity verification',
  'progress.label': 'Progress',
  'progress.step': 'Step {step} of {total}: {name}',
  'progress.done': '{name} (done)',
  'step.agree': 'Agree',
  'step.front': 'Licence front',
  'step.back': 'Licence back',
  'step.front.passport': 'Passport photo page',
  'step.back.passport': 'No back for a passport',
  'step.front.id_card': 'Card front',
  'step.back.id_card': 'Card back',
  'step.selfie': 'Selfie',

  'welcome.title': 'Verify your identity',
  'welcome.lead':
    'You will take photos of the front and back of your US driver’s licence or state ID, then a short selfie. It takes about {minutes} minutes.',
  'welcome.needs': 'You will need',
  'welcome.need.licence': 'Your driver’s licence or state ID',
  'welcome.need.camera': 'A camera, in good light. Your browser will ask to use it.',
  'welcome.need.time': 'About {minutes} minutes',
  'welcome.consent':
    'I agree that photos of my licence and my selfie, including biometric data from my face, are processed to verify my identity.',
  'welcome.consent.detail':
    'The photos are used only for this verification and for fraud prevention, and are sent to the company that asked you to verify.',
  'welcome.consent.retention':
    'The photos are deleted {media_days} days after the decision, your other personal data after {data_days} days, and the face template used to detect duplicate sign-ups after {template_days} days; the company can have them deleted sooner.',
  'welcome.consent.merchant': '{merchant} uses this service to verify your identity.',
  'brand.logo': '{merchant} logo',
  'footer.support': 'Help',
  'footer.privacy': 'Privacy policy',
  'link.new_tab': '(opens in a new tab)',
  'welcome.consent.missing': 'Tick the box to agree before you continue.',
  'welcome.continue': 'Agree and continue',

  'handoff.title': 'Continue on your phone',
  'handoff.lead':
    'Your phone’s camera takes sharper photos of your licence. Scan this code with your phone’s camera to carry on there; this page follows along.',
  'handoff.qr.alt': 'QR code that opens this verification on your phone',
  'handoff.link.label': 'Or open this link on your phone',
  'handoff.copy': 'Copy link',
  'handoff.copied': 'Link copied.',
  'handoff.expires': 'The code and link work once, until {time}.',
  'handoff.waiting': 'Waiting for your phone…',
  'handoff.claimed': 'Continuing on your phone. Keep this page open.',
  'handoff.phone.step': 'Your phone is at: {step}',
  'handoff.phone.submitting': 'Your phone is sending the last photos…',
  'handoff.expired': 'This code has expired. Get a new one to continue on your phone.',
  'handoff.renew': 'Get a new code',
  'handoff.stay': 'Use this device instead',
  'handoff.offer': 'Continue on your phone',
  'handoff.creating': 'Preparing a code for your phone…',
  'handoff.phone.done': 'You can go back to the device where you started.',
  'handoff.claiming': 'Opening your verification…',

  'document.front.title': 'Front of your licence',
  'document.back.title': 'Back of your licence',
  'document.front.hint':
    'Place the front of your licence inside the frame, flat, in good light and without glare.',
  'document.back.hint':
    'Turn your licence over and fit the barcode on the back inside the frame. We take the photo as soon as we can read it.',
  'camera.starting': 'Starting the camera…',
  'document.front.ready': 'Camera on. Press Take photo when your licence fills the frame.',
  'document.back.ready': 'Camera on. Looking for the barcode…',
  'document.take': 'Take photo',
  'document.upload': 'Upload a photo instead',
  'document.choose': 'Choose or take a photo',
  'document.barcode.read': 'Barcode read.',
  'document.reading': 'Reading your photo…',
  'document.review.title': 'Check your photo',
  'document.review.back.read':
    'We read the barcode. Check the photo is sharp and shows the whole back of the card.',
  'document.review.back.unread':
    'We could not read the barcode in this photo yet. Retake it with the barcode filling the frame, or send it and we will try again.',
  'document.review.front.blurred':
    'This photo looks blurred, so the text on the card may not be readable. Hold the card steady in good light and retake it.',
  'document.review.front':
    'Check that all four corners are visible, the text is readable and there is no glare.',
  'document.front.alt': 'Your photo of the front of your licence',
  'document.back.alt': 'Your photo of the back of your licence',
  'document.use': 'Use this photo',
  'document.retake': 'Retake',
  'document.sending': 'Sending…',
  'document.sending.announce': 'Sending your photo…',
  'document.choice.title': 'Choose your document',
  'document.choice.lead': 'Which document will you use? Choose one you have with you.',
  'document.type.drivers_license': 'Driver’s licence or state ID',
  'document.type.id_card': 'National identity card',
  'document.type.passport': 'Passport',
  'document.type.drivers_license.detail': 'Front, then the barcode on the back',
  'document.type.id_card.detail': 'Front, then the back',
  'document.type.passport.detail': 'The photo page only',
  'document.change': 'Use another document',
  'document.passport.title': 'Your passport photo page',
  'document.passport.hint':
    'Open your passport at the page with your photo. Lay it flat and fit the whole page inside the frame, including the two lines of letters and chevrons (<<<) at the bottom. Avoid glare on the photo.',
  'document.passport.ready': 'Camera on. Press Take photo when the photo page fills the frame.',
  'document.passport.alt': 'Your photo of your passport photo page',
  'document.idcard.front.title': 'Front of your identity card',
  'document.idcard.back.title': 'Back of your identity card',
  'document.idcard.front.hint':
    'Place the front of your identity card, with your photo, inside the frame, flat, in good light and without glare.',
  'document.idcard.back.hint':
    'Turn your card over. Fit the whole back inside the frame, including the three lines of letters and chevrons (<<<).',
  'document.idcard.ready': 'Camera on. Press Take photo when your card fills the frame.',
  'document.idcard.front.alt': 'Your photo of the front of your identity card',
  'document.idcard.back.alt': 'Your photo of the back of your identity card',
  'document.review.mrz':
    'Check that the whole document is in the photo, the lines of letters and chevrons (<<<) at the bottom are sharp and there is no glare.',
  'document.review.mrz.blurred':
    'This photo looks blurred, so the lines of letters at the bottom may not be readable. Hold the document steady in good light and retake it.',
  'welcome.need.document': 'An identity document: {documents}',
  'camera.denied.document':
    'Camera access is blocked. Allow the camera for this site in your browser settings and press Try the camera again, or upload a photo of your licence instead.',
  'camera.unavailable.document':
    'We could not start a camera on this device. Take or choose a photo of your licence instead.',
  'camera.retry': 'Try the camera again',
  'camera.denied.short': 'Camera permission was denied.',
  'camera.unavailable.short': 'No camera is available.',
  'file.unreadable': 'This file is not an image we can read. Please choose a JPEG, PNG or WebP photo.',

  'selfie.title': 'Take a selfie',
  'selfie.hint':
    'Centre your face in the oval, in good light, without a hat or sunglasses. When you press Start, we ask for a few simple movements, one at a time: follow the instruction under the picture.',
  'selfie.start': 'Start',
  'selfie.ready': 'Ready when you are.',
  'selfie.ready.announce': 'Camera on. Press Start when your face is in the oval.',
  'selfie.fallback': 'Use a video or photos instead',
  'selfie.fallback.primary': 'Record a short video or choose photos',
  'camera.denied.selfie':
    'Camera access is blocked. Allow the camera for this site in your browser settings and press Try the camera again.',
  'camera.unavailable.selfie': 'We could not start a camera on this device.',
  'selfie.fallback.hint':
    'Instead, record a {min} to {max} second selfie video slowly turning your head slightly left and right, or choose up to {frames} photos of your face.',
  'selfie.video.too.long': 'That video is too long. Record {min} to {max} seconds.',
  'selfie.sending.title': 'Sending your selfie',
  'selfie.sending.hint': 'This takes a moment.',
  'selfie.sending.announce': 'Sending your selfie…',

  'challenge.loading': 'Getting the face check ready…',
  'challenge.requesting': 'Preparing your instructions…',
  'challenge.progress': 'Step {step} of {total}',
  'challenge.steps': 'Movements to make',
  'challenge.baseline': 'Look straight at the camera and hold still',
  'challenge.back': 'Good. Now look straight at the camera again',
  'challenge.seen': 'Done: {action}',
  'challenge.done': '(done)',
  'challenge.guide.no_face': 'Put your face in the oval',
  'challenge.guide.one_face': 'Make sure only your face is in the picture',
  'challenge.guide.closer': 'Move a little closer',
  'challenge.guide.centre': 'Centre your face in the oval',
  'challenge.guide.straight': 'Face the camera',
  'challenge.guide.still': 'Hold still',
  'challenge.action.turn_left': 'Turn your head to your left',
  'challenge.action.turn_right': 'Turn your head to your right',
  'challenge.action.look_up': 'Tilt your head up',
  'challenge.action.look_down': 'Tilt your head down',
  'challenge.action.smile': 'Smile',
  'challenge.action.blink': 'Blink',
  'challenge.action.open_mouth': 'Open your mouth',
  'challenge.timeout.action':
    'We did not see “{action}” in time. Press Start to try again with new instructions.',
  'challenge.timeout.face':
    'We could not see your face clearly. Find good light, centre your face in the oval and press Start to try again.',
  'challenge.limit':
    'You have used all your tries of the face check. Record a short video or choose photos instead; a person will review them.',
  'challenge.unsupported':
    'This browser cannot run the face check. Record a short video or choose photos instead; a person will review them.',
  'challenge.too_slow':
    'This device is too slow for the live face check: it could not follow your movements. Record a short video or choose photos instead; a person will review them.',

  'submit.title': 'Checking your details',
  'submit.hint': 'This usually takes a few seconds. Please keep this page open.',
  'submit.announce': 'Checking your details…',
  'done.title': 'Thank you',
  'done.lead':
    'Your verification is complete. The company that asked you to verify will let you know the next steps.',
  'done.close': 'Done',
  'done.closable': 'You can close this page now.',
  'done.announce': 'Your verification is complete.',

  'fatal.title': "We can't continue",
  'failure.title': 'Something went wrong',
  'action.close': 'Close',
  'action.back': 'Go back',
  'action.retry': 'Try again',

  'error.token_missing':
    'This page needs a verification link. Go back to the page that sent you here and start again.',
  'error.token_invalid':
    'This verification link has expired or is not valid. Go back to the page that sent you here and start again.',
  'error.publishable_key_mismatch':
    'This page is not set up correctly for identity verification. Please contact the company that asked you to verify.',
  'error.origin_not_allowed':
    'This page was opened from a site that is not set up for identity verification. Please contact the company that asked you to verify.',
  'error.forbidden': 'This action is not allowed.',
  'error.init_timeout': 'This page could not connect to the site that opened it. Please reload.',
  'error.consent_required': 'Please agree to the terms before continuing.',
  'error.barcode_unreadable':
    'We could not read the barcode on the back of your licence. Retake the photo in good light, with the barcode filling the frame and in focus.',
  'error.image_invalid': 'That image could not be used. Please take it again.',
  'error.missing_input': 'A step is missing. Taking you back to it.',
  'error.payload_too_large': 'That file is too large. Please take the photo again.',
  'error.conflict': 'This verification has already moved on. Loading its current state.',
  'error.expired': 'This verification has expired. Go back and start a new one.',
  'error.validation': 'Something in that request was not accepted. Please try again.',
  'error.not_found': 'The verification service is not available here.',
  'error.rate_limited': 'Too many attempts. Please wait a minute and try again.',
  'error.server': 'The verification service had a problem. Please try again.',
  'error.client': 'Something went wrong on this page. Please try again.',
  'error.unknown_state': 'This verification is in a state this page does not know.',
  'error.network': 'We could not reach the server. Check your connection and try again.',
  'error.handoff_used':
    'This link has already been used on another device. To continue here, scan a new code from the device where you started.',
  'error.handoff_expired': 'This link has expired. Scan a new code from the device where you started.',
  'error.handoff_invalid': 'This link is not valid. Scan the code again from the device where you started.',

  'test.banner.title': 'Test mode.',
  'test.banner.detail':
    'Nothing here is a real verification: no photo is analysed and the outcome is simulated.',
  'test.sample.hint': 'In test mode you can send a sample image instead of using the camera.',
  'test.sample.use': 'Use a sample image',
  'test.sample.camera': 'Use the camera instead',
  'test.sample.sent': 'Sample image sent.',
  'test.outcome.title': 'Choose the outcome',
  'test.outcome.hint':
    'Test mode simulates the checks. Pick the result they should report; the decision follows the service’s rules.',
  'test.outcome.approve': 'Every check passes (approve)',
  'test.outcome.reasons': 'These reasons fire:',
  'test.outcome.submit': 'Submit with this outcome',
};

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
