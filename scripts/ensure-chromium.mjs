/* global process, console */
/**
 * Makes sure a Chromium is there for the browser tests and the bench; never skips silently.
 * Looks at $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser (the same places as
 * scripts/lib/browser.ts). If none exists and we are root on Debian, installs the `chromium`
 * package with apt-get (output streamed). Otherwise prints one line saying what to do, exit 1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = () =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const find = () => candidates().find((p) => existsSync(p));

function run(cmd, args) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
}

let found = find();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!found && isRoot && existsSync('/etc/debian_version')) {
  console.log('Chromium not found; installing the Debian package (apt-get install -y chromium)…');
  if (run('apt-get', ['update'])) run('apt-get', ['install', '-y', 'chromium']);
  found = find();
}

if (!found) {
  console.error(
    "Chromium not found: run 'apt-get install -y chromium' (Debian) or set CHROMIUM_PATH",
  );
  process.exit(1);
}
console.log(`Chromium: ${found}`);
