import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * Runs axe-core (WCAG 2.0 to 2.2 A/AA and best practices) in the page and returns the serious and critical
 * violations. The script goes in through the DevTools protocol, so the page's CSP stays as served.
 */
export async function seriousViolations(target: Page | Frame): Promise<AxeViolation[]> {
  await target.evaluate(axeSource);
  const scan = await target.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(ctx: Document, opts: unknown): Promise<{ violations: AxeViolation[]; passes: unknown[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return {
      passes: result.passes.length,
      violations: result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target })),
      })),
    };
  });
  // A scan that checked nothing (axe not loaded, empty page) must not read as a clean result.
  if (scan.passes === 0) throw new Error('axe-core ran no checks');
  return scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
