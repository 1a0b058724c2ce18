import { loadSanctionsList } from '../src/adapters/sanctions-source/load-sanctions-list.js';
import { buildScreeningIndex, screenName } from '../src/core/screening/screening-index.js';
const list = (await loadSanctionsList({ kind: 'file', path: '/work/shared/data/sanctions/ofac-csv-2023-12-28' }, { dataDir: '/x' })).list;
const index = buildScreeningIndex(list);
const names = process.argv.slice(2).length ? process.argv.slice(2) : ['김정은','金正恩','Ким Чен Ын','JSCARGUMENT','JSC ARGUMENT','ALQAIDA','AL QAIDA','BIN LADEN','BINLADEN','USAMA BINLADEN','maduro','nicolas maduro','alexander lukashenko','banco cuba','أسامة بن لادن','Лукашенко Александр','Владимир Путин','ARGUMENTJSC','ARGUMENT OOO'];
for (const n of names) { const r = screenName(index, { name: n }); console.log(n, r.outcome, r.score, r.matches.slice(0,2).map(m=>`${m.uid} ${m.matched_name} ${m.score}`).join(' | ')); }
