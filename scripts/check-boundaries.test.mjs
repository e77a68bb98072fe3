// The boundary check itself: it must catch a cross-module import and let the public entry pass.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { appViolations, serverViolations } from './check-boundaries.mjs';

function tree(files) {
  const dir = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

test('a module that reads another module’s repository is refused; its index.ts passes', () => {
  const dir = tree({
    'modules/staff/staff.service.ts': "import { findCustomer } from '../customers/customers.repository';\n",
    'modules/staff/staff.handlers.ts': "import { getCustomer } from '../customers';\n",
    'modules/customers/index.ts': "export { getCustomer } from './customers.service';\n",
    'modules/index.ts': "import { staffHandlers } from './staff/staff.handlers';\n",
    'platform/search/x.ts': "import type { X } from '../../modules/customers';\n",
  });
  try {
    const problems = serverViolations(dir);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems.join('\n'), /staff\.service\.ts:1 モジュール staff が customers の内部/);
    assert.match(problems.join('\n'), /platform から modules/);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('a feature that reads another feature’s file is refused; the shared kits pass', () => {
  const dir = tree({
    'features/staff/staff-form.tsx':
      "import { useTenantApi } from '../customers/use-tenant-api';\nimport { EditorDialog } from '../forms/editor-dialog';\n",
    'features/customers/x.ts': "import { Screen } from '../../routes/customers/screen';\n",
    'routes/staff/staff-route.tsx': "import { StaffForm } from '../../features/staff/staff-form';\n",
  });
  try {
    const problems = appViolations(dir);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems.join('\n'), /機能 staff が customers の内部/);
    assert.match(problems.join('\n'), /features から routes/);
  } finally {
    rmSync(dir, { recursive: true });
  }
});
