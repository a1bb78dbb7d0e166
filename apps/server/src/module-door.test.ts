import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own lint configuration, run on snippets placed where a file would be. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const messagesFor = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe("the server's module door (lint)", () => {
  it("refuses another module's queries from a module, a job and the seed, and lets its service through", async () => {
    const viaQueries = "import { findTrip } from '../trips/queries.ts';\nexport { findTrip };\n";
    expect(await messagesFor('apps/server/src/modules/fines/service.ts', viaQueries)).toEqual([
      expect.stringContaining('Reach another module through its service.ts only'),
    ]);
    const fromSeed = "import { findTrip } from '../../modules/trips/queries.ts';\nexport { findTrip };\n";
    expect(await messagesFor('apps/server/src/db/seed/demo-x.ts', fromSeed)).toHaveLength(1);
    expect(await messagesFor('apps/server/src/platform/jobs-x.ts', fromSeed)).toHaveLength(1);
    const viaService = "import { tripDetails } from '../trips/service.ts';\nexport { tripDetails };\n";
    expect(await messagesFor('apps/server/src/modules/fines/service.ts', viaService)).toEqual([]);
  });

  it("refuses a module's routes its own queries and the database, so routes only call the service", async () => {
    const own = "import { findTrip } from './queries.ts';\nexport { findTrip };\n";
    expect(await messagesFor('apps/server/src/modules/trips/routes.ts', own)).toEqual([
      expect.stringContaining('Routes translate HTTP to service calls'),
    ]);
    const schema = "import { trips } from '../../db/schema/index.ts';\nexport { trips };\n";
    expect(await messagesFor('apps/server/src/modules/trips/routes.ts', schema)).toHaveLength(1);
    const service = "import { tripDetails } from './service.ts';\nexport { tripDetails };\n";
    expect(await messagesFor('apps/server/src/modules/trips/routes.ts', service)).toEqual([]);
  });
});

describe('log calls (lint)', () => {
  const restricted = async (code: string) => {
    const [result] = await eslint.lintText(code, {
      filePath: path.join(root, 'apps/server/src/platform/jobs-x.ts'),
    });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
  };

  it('refuses an error logged as text, and lets the thrown value through', async () => {
    const as = (err: string) =>
      `export const f = (log: { error(o: object): void }, error: Error) => log.error({ err: ${err} });\n`;
    for (const text of ['String(error)', '`${error}`', 'error.message', 'error.stack'])
      expect(await restricted(as(text))).toHaveLength(1);
    expect(await restricted(as('error'))).toEqual([]);
  });
});
