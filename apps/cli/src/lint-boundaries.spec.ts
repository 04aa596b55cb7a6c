import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The workspace's ESLint config, run through ESLint's Node API on fixture strings placed at
 * real paths: production code may not import a `/testing` entry, a local server or the
 * bench; specs, testing/ folders and libs/bench may. (A child process, because ESLint loads
 * the flat config with a dynamic `import()` that Jest's module sandbox does not support.)
 */
const ROOT = resolve(__dirname, '..', '..', '..');

interface Finding {
  ruleId: string | null;
  message: string;
}

function lint(cases: Array<{ filePath: string; code: string }>, retried = false): Finding[][] {
  const script = `
    const { ESLint } = require('eslint');
    (async () => {
      const eslint = new ESLint({ cwd: ${JSON.stringify(ROOT)} });
      const out = [];
      for (const c of JSON.parse(process.argv[1])) {
        const [r] = await eslint.lintText(c.code, { filePath: c.filePath });
        out.push(r.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })));
      }
      process.stdout.write('\\n@@findings@@' + JSON.stringify(out));
    })().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(2); });`;
  // A clean environment. With CI=true typescript-eslint's single-run mode lints the file on disk,
  // not the fixture text (found in CI: no findings at all), so it is switched off explicitly.
  const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', NX_DAEMON: 'false', NX_NO_CLOUD: 'true', TSESTREE_SINGLE_RUN: 'false' };
  const r = spawnSync(process.execPath, ['-e', script, JSON.stringify(cases)], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`eslint failed: ${r.stderr}`);
  // Nx may print warnings of its own on stdout: read after the marker.
  const out = JSON.parse(r.stdout.slice(r.stdout.indexOf('@@findings@@') + '@@findings@@'.length)) as Finding[][];
  // A fatal message (no rule id: the file could not be parsed, e.g. while another spec rebuilds
  // the project graph) is not the rule's verdict: lint once more before judging.
  return out.some((fs) => fs.some((f) => f.ruleId === null)) && !retried ? lint(cases, true) : out;
}

const restricted = (fs: Finding[]) => fs.filter((f) => f.ruleId === 'no-restricted-imports');

// An existing production file's path (typed linting needs a file of the TS project); the
// text linted is the fixture, not the file.
const PRODUCTION_FILE = 'libs/worker-core/src/task-runner.ts';
const SPEC_FILE = 'libs/worker-core/src/task-runner.spec.ts';
const useIt = (what: string) => `${what}\nexport const used = [x];\n`;

describe('lint: test code stays out of production code', () => {
  const [prodTesting, prodServers, prodBench, prodRelative, specTesting, specServers, prodMain] = lint([
    { filePath: PRODUCTION_FILE, code: useIt(`import { ScriptedChatModel as x } from '@medagent/agent/testing';`) },
    { filePath: PRODUCTION_FILE, code: useIt(`import { startNatsServer as x } from '@medagent/local-servers';`) },
    { filePath: PRODUCTION_FILE, code: useIt(`import { benchOrchestration as x } from '@medagent/bench';`) },
    { filePath: PRODUCTION_FILE, code: useIt(`import { Collector as x } from '../../bus/src/testing/collector';`) },
    { filePath: SPEC_FILE, code: useIt(`import { ScriptedChatModel as x } from '@medagent/agent/testing';`) },
    { filePath: SPEC_FILE, code: useIt(`import { startNatsServer as x } from '@medagent/local-servers';`) },
    { filePath: PRODUCTION_FILE, code: useIt(`import { AgentLoop as x } from '@medagent/agent';`) },
  ]) as [Finding[], Finding[], Finding[], Finding[], Finding[], Finding[], Finding[]];

  it('fails on a production import of a /testing entry, a local server, the bench or a testing/ path', () => {
    for (const findings of [prodTesting, prodServers, prodBench, prodRelative]) {
      // The whole finding list is in the assertion, so a failure says what ESLint reported.
      expect({ restricted: restricted(findings).length, findings }).toEqual({ restricted: 1, findings });
      expect(restricted(findings)[0]?.message).toMatch(/Production code must not import test fakes/);
    }
  });

  it('lets specs import /testing entries and local servers, and production code the main entry', () => {
    expect(restricted(specTesting)).toEqual([]);
    expect(restricted(specServers)).toEqual([]);
    expect(restricted(prodMain)).toEqual([]);
  });
});
