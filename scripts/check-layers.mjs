#!/usr/bin/env node
/**
 * The layering rules of docs/architecture.md, checked over every import of src/ (type-only ones too,
 * which ESLint's no-restricted-imports cannot relate to a cycle): no import cycles between files, and no
 * import across a layer boundary. Prints each break and exits 1 when there is any; .ci/run runs it.
 * Usage: node scripts/check-layers.mjs [srcDir]
 */
import fs from 'node:fs';
import path from 'node:path';

const srcDir = path.resolve(process.argv[2] ?? 'src');

/** Folder (first path segment under src/) → what it must not import, and why. */
const FORBIDDEN = {
  core: [/^(?!core\/)/, 'core/ is pure: it imports nothing outside core/'],
  ports: [/^(adapters|checks|http|modules|platform|use-cases|worker)\b/, 'ports are interfaces over the core'],
  modules: [/^adapters\//, 'modules take their adapters from the platform, the one place that names them'],
  'use-cases': [
    /^(adapters|http|modules|platform|worker)\b/,
    'use cases see ports, never adapters or wiring',
  ],
  checks: [/^(adapters|http|modules|platform|use-cases|worker)\b/, 'checks see ports and the core'],
  abuse: [/^(adapters|http|modules|platform|use-cases|worker)\b/, 'abuse guards see ports and the core'],
  worker: [
    /^(adapters|http|modules|platform)\b/,
    'workers see ports and use cases, never adapters or wiring',
  ],
  http: [
    /^(adapters|modules|platform)\b/,
    'routes take typed dependencies, never adapters or the composition root',
  ],
};

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.(m?js)$/, '');
  for (const candidate of [`${base}.ts`, `${base}.mts`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate)) return candidate;
  return null;
}

const files = sourceFiles(srcDir);
const graph = new Map();
const problems = [];
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const edges = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(file, match[1] ?? match[2]);
    if (!target || !target.startsWith(srcDir)) continue;
    edges.add(target);
    const from = path.relative(srcDir, file);
    const to = path.relative(srcDir, target).replace(/\\/g, '/');
    const rule = FORBIDDEN[from.split(path.sep)[0]];
    if (rule && rule[0].test(to)) problems.push(`layer break: ${from} imports ${to} (${rule[1]})`);
  }
  graph.set(file, edges);
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const stack = [];
const state = new Map();
function visit(node) {
  const entry = { index, low: index, onStack: true };
  index += 1;
  state.set(node, entry);
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    const seen = state.get(next);
    if (!seen) entry.low = Math.min(entry.low, visit(next).low);
    else if (seen.onStack) entry.low = Math.min(entry.low, seen.index);
  }
  if (entry.low === entry.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(path.relative(srcDir, member));
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node))
      problems.push(`import cycle: ${component.sort().join(' ↔ ')}`);
  }
  return entry;
}
for (const file of files) if (!state.has(file)) visit(file);

for (const problem of problems) console.error(problem);
console.log(`layers: ${files.length} files, ${problems.length} problems`);
process.exit(problems.length > 0 ? 1 : 0);
