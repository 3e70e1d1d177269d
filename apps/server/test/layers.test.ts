// The layers (docs/architecture.md) are enforced by the linter that `npm test` runs: each import
// that crosses a layer is an error, and the same import inside its own layer is not.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIOME = fileURLToPath(new URL('node_modules/.bin/biome', `file://${ROOT}`));

/**
 * Biome's verdict on `source` as the file `dir`/probe: written there for the run and removed (the
 * layer rules match by path, and Biome reports nothing for a file given on standard input).
 */
const lint = (dir: string, source: string) => {
  const file = join(ROOT, dir, `zz-layer-probe-${process.pid}.ts`);
  writeFileSync(file, source);
  try {
    const run = spawnSync(BIOME, ['lint', file], { cwd: ROOT, encoding: 'utf8' });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(file, { force: true });
  }
};

describe('layer rules', () => {
  it.each([
    ['packages/domain/src', "import { readFileSync } from 'node:fs';", 'no React, no I/O'],
    ['packages/domain/src', "import { useState } from 'react';", 'no React, no I/O'],
    [
      'packages/domain/src',
      "import { App } from '../../../apps/web/src/App.tsx';",
      'nothing from the apps',
    ],
    ['packages/domain/src', "import { Field } from '@eta-il/ui';", 'no React, no I/O'],
    [
      'packages/ui/src',
      "import { Layout } from '../../../apps/web/src/components/Layout.tsx';",
      'nothing from the apps',
    ],
    ['packages/ui/src', "import { App } from '@eta-il/web';", 'nothing from the apps'],
    [
      'packages/ui/src',
      "import { Link } from 'react-router';",
      'React, react-i18next and the domain',
    ],
    ['packages/ui/src', "import { Kysely } from 'kysely';", 'React, react-i18next and the domain'],
    [
      'packages/ui/src',
      "import { readFileSync } from 'node:fs';",
      'React, react-i18next and the domain',
    ],
    [
      'apps/web/src',
      "import { buildApp } from '../../server/src/app.ts';",
      'never import the server',
    ],
    ['apps/web/src', "import { Kysely } from 'kysely';", 'never import the server'],
    [
      'apps/backoffice/src',
      "import { buildApp } from '../../server/src/app.ts';",
      'never import the server',
    ],
    [
      'apps/server/src',
      "import { App } from '../../web/src/App.tsx';",
      'never imports the browser apps',
    ],
    ['apps/server/src', "import { useState } from 'react';", 'never imports the browser apps'],
    ['apps/server/src', "import { Field } from '@eta-il/ui';", 'never imports the browser apps'],
  ])('%s: %s is refused', (path, line, reason) => {
    const verdict = lint(
      path,
      `${line}\nexport const used = [${line.match(/\{ (\w+) \}/)?.[1]}];\n`,
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.output).toContain(reason);
  });

  it.each([
    ['apps/server/src', "import { readFileSync } from 'node:fs';"],
    ['apps/web/src', "import { useState } from 'react';"],
    ['apps/web/src', "import { ROUTES } from '@eta-il/domain';"],
    ['apps/web/src', "import { Field } from '@eta-il/ui';"],
    ['apps/backoffice/src', "import { Field } from '@eta-il/ui';"],
    ['packages/ui/src', "import { useState } from 'react';"],
    ['packages/ui/src', "import { useTranslation } from 'react-i18next';"],
    ['packages/ui/src', "import { ROUTES } from '@eta-il/domain';"],
  ])('%s: %s is allowed', (path, line) => {
    const verdict = lint(
      path,
      `${line}\nexport const used = [${line.match(/\{ (\w+) \}/)?.[1]}];\n`,
    );
    expect(verdict.output).not.toContain('noRestrictedImports');
  });
});
