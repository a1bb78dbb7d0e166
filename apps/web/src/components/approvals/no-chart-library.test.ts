import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The dashboard places these components on its first screen: the chart library (a large download)
 * must come only with a page that draws a chart, so nothing here imports it.
 */
describe('components/approvals', () => {
  it('never imports @mui/x-charts', () => {
    const folder = path.dirname(fileURLToPath(import.meta.url));
    const importing = fs
      .readdirSync(folder)
      .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
      .filter((name) => fs.readFileSync(path.join(folder, name), 'utf8').includes('@mui/x-charts'));
    expect(importing).toEqual([]);
  });
});
