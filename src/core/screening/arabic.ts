/**
 * Arabic-script names (Arabic and Persian letters) in Latin letters. Arabic writes short vowels only
 * as optional marks, so a letter-by-letter transliteration gives a consonant skeleton (`اسامة` →
 * `smh`, any-ascii's output) that no listed spelling resembles. Two steps instead:
 * 1. common name parts are looked up whole, written as the lists write them (`محمد` → Muhammad,
 *    `أسامة` → Usama): the spelling on the first line of the equivalence table, so every other
 *    spelling of it matches too;
 * 2. other words are read letter by letter with the long vowels as written and an `a` between two
 *    consonants with no vowel letter between them (`لادن` → `ladan`, within typo distance of `Ladin`).
 * The article `ال` is written `al` as a word of its own (`البغدادي` → `al baghdadi`).
 */

const NAME_PARTS: Record<string, string> = {
  محمد: 'muhammad',
  محمود: 'mahmud',
  أحمد: 'ahmad',
  احمد: 'ahmad',
  علي: 'ali',
  على: 'ali',
  عمر: 'umar',
  عثمان: 'uthman',
  حسن: 'hasan',
  حسين: 'husayn',
  ابراهيم: 'ibrahim',
  إبراهيم: 'ibrahim',
  اسماعيل: 'ismail',
  إسماعيل: 'ismail',
  يوسف: 'yusuf',
  خالد: 'khalid',
  سعيد: 'said',
  سعد: 'saad',
  عبد: 'abd',
  عبدالله: 'abdullah',
  الله: 'allah',
  الرحمن: 'al rahman',
  الرحيم: 'al rahim',
  العزيز: 'al aziz',
  الكريم: 'al karim',
  القادر: 'al qadir',
  عبدالرحمن: 'abd al rahman',
  عبدالعزيز: 'abd al aziz',
  عبدالكريم: 'abd al karim',
  عبدالقادر: 'abd al qadir',
  أسامة: 'usama',
  اسامة: 'usama',
  اسامه: 'usama',
  بن: 'bin',
  ابن: 'ibn',
  بنت: 'bint',
  أبو: 'abu',
  ابو: 'abu',
  أم: 'umm',
  ام: 'umm',
  لادن: 'ladin',
  مصطفى: 'mustafa',
  جعفر: 'jafar',
  حمد: 'hamad',
  حامد: 'hamid',
  رشيد: 'rashid',
  مجيد: 'majid',
  مهدي: 'mahdi',
  محسن: 'muhsin',
  ناصر: 'nasir',
  قاسم: 'qasim',
  جمال: 'jamal',
  فيصل: 'faisal',
  زيد: 'zayd',
  صالح: 'salih',
  سليمان: 'sulayman',
  حافظ: 'hafiz',
  يحيى: 'yahya',
  طالب: 'talib',
  بكر: 'bakr',
  القاعدة: 'al qaida',
  الظواهري: 'al zawahiri',
  البغدادي: 'al baghdadi',
  الاسد: 'al asad',
  الأسد: 'al asad',
  بشار: 'bashar',
  قذافي: 'qaddafi',
  القذافي: 'al qaddafi',
  معمر: 'muammar',
  صدام: 'saddam',
  نصرالله: 'nasrallah',
  حزب: 'hizb',
  خامنئي: 'khamenei',
  روحاني: 'rouhani',
  سليماني: 'soleimani',
  جواد: 'javad',
  رضا: 'reza',
  مير: 'mir',
  زاده: 'zadeh',
};

// Letter values; long vowels and the glides are handled apart.
const CONSONANTS: Record<string, string> = {
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ک: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
  گ: 'g',
};
const LONG_VOWELS: Record<string, string> = { ا: 'a', آ: 'a', ى: 'a', ة: 'a' };
const SILENT = new Set(['ء', 'ع', 'ئ', 'ؤ', 'ـ']);

function readWord(word: string): string {
  const letters = [...word.replace(/[\u064b-\u065f\u0670]/g, '')];
  let out = '';
  let lastWasConsonant = false;
  letters.forEach((letter, i) => {
    const atStart = i === 0;
    if (letter === 'أ' || letter === 'إ') {
      out += atStart ? (letter === 'إ' ? 'i' : 'a') : '';
      lastWasConsonant = false;
      return;
    }
    if (LONG_VOWELS[letter] !== undefined) {
      if (!(letter === 'ة' && !lastWasConsonant)) out += LONG_VOWELS[letter];
      lastWasConsonant = false;
      return;
    }
    if (letter === 'و' || letter === 'ي' || letter === 'ی') {
      const glide = letter === 'و' ? 'w' : 'y';
      if (atStart || !lastWasConsonant) {
        out += glide;
        lastWasConsonant = true;
      } else {
        out += letter === 'و' ? 'u' : 'i';
        lastWasConsonant = false;
      }
      return;
    }
    if (SILENT.has(letter)) return;
    const consonant = CONSONANTS[letter];
    if (consonant === undefined) return;
    if (lastWasConsonant) out += 'a';
    out += consonant;
    lastWasConsonant = true;
  });
  return out;
}

function readNameWord(word: string): string {
  const known = NAME_PARTS[word];
  if (known) return known;
  if (word.startsWith('ال') && word.length > 3) {
    const rest = word.slice(2);
    return `al ${NAME_PARTS[rest] ?? readWord(rest)}`;
  }
  if (word.startsWith('عبدال') && word.length > 5) {
    const rest = word.slice(5);
    return `abd al ${NAME_PARTS[rest] ?? readWord(rest)}`;
  }
  return readWord(word);
}

export function romaniseArabic(text: string): string {
  return text
    .replace(/[\u0600-\u06ff]+/g, (word) => ` ${readNameWord(word)} `)
    .replace(/\s+/g, ' ')
    .trim();
}
