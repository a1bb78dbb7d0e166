import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The import rules of eslint.config.js that keep the console's layers apart (app → features →
 * components/ and lib/), run through ESLint itself on snippets placed where a real file would be.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The messages of the restricted-import rule for `source` saved as `apps/web/src/<file>`. */
async function importErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const SIBLING = 'A feature never imports another feature';
const APP = 'Only app/ composes the console';
const SHARED = 'components/ and lib/ are shared by every feature and never import one';
const CALLS = "Call the API from the entity's api file";

describe('module boundaries of the console', () => {
  it('refuses a feature importing another feature, from any depth of its folder', async () => {
    expect(await importErrors('features/trips/trips-page.tsx', "import '../drivers/api/drivers';")).toEqual([
      expect.stringContaining(SIBLING),
    ]);
    expect(
      await importErrors('features/trips/api/trips.ts', "import '../../drivers/driver-dialog';"),
    ).toEqual([expect.stringContaining(SIBLING)]);
    expect(
      await importErrors('features/public/legal/terms-page.tsx', "import '../../../features/blog/api/blog';"),
    ).toEqual([expect.stringContaining(SIBLING)]);
  });

  it('lets a feature import its own files, components/, lib/ and the test helpers', async () => {
    const source = [
      "import './trip-dialog';",
      "import './api/trips';",
      "import '../../components/list';",
      "import '../../lib/paths';",
      "import '../../test/render-app';",
    ].join('\n');
    expect(await importErrors('features/trips/trips-page.tsx', source)).toEqual([]);
    expect(
      await importErrors(
        'features/trips/api/trips.ts',
        "import '../trip-form';\nimport '../../../lib/dates';",
      ),
    ).toEqual([]);
  });

  it('refuses a feature importing app/', async () => {
    expect(await importErrors('features/trips/trips-page.tsx', "import '../../app/pages';")).toEqual([
      expect.stringContaining(APP),
    ]);
  });

  it('refuses components/ and lib/ importing a feature or app/', async () => {
    expect(
      await importErrors('components/list/list-page.tsx', "import '../../features/trips/api/trips';"),
    ).toEqual([expect.stringContaining(SHARED)]);
    expect(await importErrors('lib/paths.ts', "import '../app/routes';")).toEqual([
      expect.stringContaining(APP),
    ]);
    expect(await importErrors('lib/api/vehicles.ts', "import './client';\nimport '../query-keys';")).toEqual(
      [],
    );
  });

  it('lets only api files call the API, so each entity keeps its keys and calls in one place', async () => {
    const call =
      "import { api } from '../../lib/api/client';\nexport const rows = () => api.get('bus/get-buses');";
    expect(await importErrors('features/vehicles/vehicles-page.tsx', call)).toEqual([
      expect.stringContaining(CALLS),
    ]);
    expect(await importErrors('components/list/list-page.tsx', call)).toEqual([
      expect.stringContaining(CALLS),
    ]);
    expect(await importErrors('app/routes.tsx', call.replace('../../lib', '../lib'))).toEqual([
      expect.stringContaining(CALLS),
    ]);
    // Errors and the client's other helpers are for everyone.
    expect(
      await importErrors(
        'features/vehicles/vehicles-page.tsx',
        "import { ApiError } from '../../lib/api/client';",
      ),
    ).toEqual([]);
    expect(
      await importErrors('features/trips/api/trips.ts', call.replace('../../lib', '../../../lib')),
    ).toEqual([]);
    expect(
      await importErrors('lib/api/vehicles.ts', call.replace('../../lib/api/client', './client')),
    ).toEqual([]);
  });
});
