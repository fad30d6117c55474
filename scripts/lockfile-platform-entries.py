"""Adds lock entries for other platforms' optional native packages that the registry here lacks.

npm install skips an optional dependency it cannot fetch, and writes no lock entry for it; npm ci
then refuses the lock as out of sync. An entry naming the package's os and cpu lets npm ci skip
it on this platform without fetching it. Run after `npm install` changes the lock:
    python3 scripts/lockfile-platform-entries.py
"""
import json
import re
import sys

PLATFORMS = [
    (r'android', 'android'), (r'darwin', 'darwin'), (r'freebsd', 'freebsd'), (r'win32', 'win32'),
    (r'linux', 'linux'), (r'openbsd', 'openbsd'), (r'sunos', 'sunos'), (r'aix', 'aix'), (r'openharmony', 'openharmony'),
]
CPUS = ['arm64', 'x64', 'ia32', 'arm', 'riscv64', 'ppc64', 's390x', 'loong64', 'mips64el', 'wasm32']

def platform_of(name):
    base = name.split('/')[-1]
    os_ = next((os for pattern, os in PLATFORMS if re.search(pattern, base)), None)
    cpu = next((c for c in CPUS if re.search(rf'(^|-){c}($|-)', base)), None)
    return os_, cpu

path = sys.argv[1] if len(sys.argv) > 1 else 'package-lock.json'
lock = json.load(open(path))
packages = lock['packages']
added = []
for key, meta in list(packages.items()):
    for dep, version in (meta.get('optionalDependencies') or {}).items():
        if f'node_modules/{dep}' in packages:
            continue
        os_, cpu = platform_of(dep)
        if not cpu:
            continue
        entry = {'version': version, 'optional': True}
        if meta.get('dev'):
            entry['dev'] = True
        if os_:
            entry['os'] = [os_]
        entry['cpu'] = [cpu]
        packages[f'node_modules/{dep}'] = entry
        added.append(dep)
lock['packages'] = dict(sorted(packages.items(), key=lambda kv: (kv[0] != '', kv[0])))
json.dump(lock, open(path, 'w'), indent=2)
open(path, 'a').write('\n')
print(f'added {len(added)} platform entries')
