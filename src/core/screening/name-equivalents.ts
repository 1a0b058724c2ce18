/**
 * Transliteration equivalence table: each line is one name part in its common romanisations, the
 * first spelling being the canonical key. Jaro–Winkler alone misses these (Hossein/Husayn 0.64,
 * Yuri/Iurii 0.78, Mohammed/Muhammad 0.85, Choe/Choi 0.88: research/screening-anchors.md), so two
 * spellings on one line score as near-identical. Lines are lower-case ASCII, as after foldText.
 */
const EQUIVALENT_SPELLINGS = `
muhammad mohammed mohammad mohamed mohamad muhammed muhamad muhamed mohammod mohamud mohammud mahomed mohd muhammet mehmet mukhammad mukhammed magomed mokhammad mouhamed
ahmad ahmed ahmet akhmad akhmed achmed
mahmud mahmoud mahmood mahmut makhmud
yusuf yousef youssef yusef yousif yousuf youssouf yussuf jusuf yusup yosef yousof
husayn hussein hussain husain hossein hosein husein huseyn huseyin hussayn husseyn hosain hussien
hasan hassan hassane hassen
usama osama usamah osamah oussama
qaddafi gaddafi kadhafi qadhafi gadhafi kadafi qathafi gadafi khadafi kaddafi qadafi
abdullah abdallah abdalla abdulla abdollah abdalah
umar omar omer umer
uthman othman osman usman usmon
mustafa mostafa moustafa mustapha mostapha
ibrahim ebrahim ibraheem ibragim
ismail esmail ismael ismayil esmaeil
yahya yahia yehia yahiya yehya
khalid khaled khaleed
said saeed saied sayeed saiid
sayyid seyed seyyed sayyed syed seyyid sayed
jafar jaafar jafaar djafar
abu abou abo
haji hadji hajji hadj haj hajj
hamid hameed hamed
rahim raheem rahem
karim kareem
rashid rasheed rachid
majid majeed
mahdi mehdi
muhsin mohsen mohsin muhsen
nasir nasser naser nassir
qasim qassem kassem qasem kasim qassim ghasem
jamal gamal djamal
faisal faysal feisal
zayd zaid zeid
salih saleh
sulayman suleiman sulaiman soliman suleyman sleiman
hafiz hafez
aleksandr alexander alexandr aleksander oleksandr alexandre aleksandar
aleksey alexey alexei aleksei oleksiy oleksii alexej
yevgeniy evgeny evgeniy yevgeny evgenii yevgenii evgenij eugene yevhen yevheniy
yuriy yuri yury yurii iurii jurij
sergey sergei serhiy serhii sergiy sergii
dmitriy dmitry dmitrii dmytro dimitri dmitri dimitry
andrey andrei andriy andrii
nikolay nikolai mykola nicolai
mikhail mykhailo michail mikhaylo
vyacheslav viacheslav
vitaliy vitaly vitalii
valeriy valery valerii valeri
anatoliy anatoly anatolii
grigoriy grigory grigorii hryhoriy
georgiy georgy georgii heorhiy
maksim maxim maksym
pyotr petr petro
yelena elena olena jelena
yekaterina ekaterina kateryna
tatyana tatiana tetiana
natalya natalia nataliya
olga olha
ilya illia ilia
artem artyom
semyon semen
fyodor fedor fedir
yakov iakov
yuliya yulia iuliia julia
vasiliy vasily vasilii vasyl
viktor victor
konstantin kostiantyn
igor ihor
oleg oleh
vladimir volodymyr
ri rhee lee yi rhie
pak park bak
choe choi choy
jong jeong chong chung
kim gim
kang gang
`;

const CANONICAL = new Map<string, string>();
for (const line of EQUIVALENT_SPELLINGS.trim().split('\n')) {
  const spellings = line.trim().split(/\s+/);
  for (const spelling of spellings) CANONICAL.set(spelling, spellings[0]!);
}

/** The canonical spelling of a name part (itself when the table does not know it). */
export function canonicalSpelling(token: string): string {
  return CANONICAL.get(token) ?? token;
}

/** Every line of the table, for the documentation and its test. */
export function equivalenceGroups(): string[][] {
  return EQUIVALENT_SPELLINGS.trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
}

/**
 * A consonant skeleton that survives the usual romanisation differences: vowels and `y` dropped,
 * digraphs folded (kh→h, sh/sch/ch→s, zh/dzh/dj/j→j, ph→f, th→t, dh→d, gh→g), c/q/ck→k, x→ks,
 * w/v→f, z→s, repeats collapsed; `h` dropped except at the start. Maksim/Maxim, Artyom/Artem,
 * Raheem/Rahim, Karpov/Karpof, Moussa/Mousa share a key. Used to find candidates and as a small
 * bonus, never as a match by itself (Mahmoud and Muhammad share one too).
 */
export function phoneticKey(token: string): string {
  if (!/^[a-z]+$/.test(token)) return token;
  const s = token
    .replace(/shch|sch|tch|sh|ch/g, 'S')
    .replace(/dzh|dj|zh|j/g, 'J')
    .replace(/kh/g, 'h')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/gh/g, 'g')
    .replace(/ck|c|q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/[wv]/g, 'f')
    .replace(/z|ts|tz/g, 's')
    .replace(/S/g, 's');
  let key = '';
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i]!;
    if ('aeiouy'.includes(c)) continue;
    if (c === 'h' && i > 0) continue;
    if (key.endsWith(c)) continue;
    key += c;
  }
  return key;
}
