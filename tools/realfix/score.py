#!/usr/bin/env python3
"""Runs gpurace on each case's parent and fix; scores the race on its lines."""
import csv, json, subprocess, sys, os, time
tool, out = sys.argv[1], sys.argv[2]
only = sys.argv[3] if len(sys.argv) > 3 else None
rows = list(csv.DictReader(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'manifest.tsv')), delimiter='\t'))
res = []
for r in rows:
    if only and only not in r['id']:
        continue
    rec = {'id': r['id'], 'split': r['split'], 'kernel': r['kernel']}
    for ver, lines in (('parent', r['parent_lines']), ('fix', r['fix_lines'])):
        root = f"{os.environ.get('REALFIX_DIR', '/work/realfix')}/cases/{r['id']}/{ver}"
        f = os.path.join(root, r['file'])
        cmd = [tool, 'check', '--no-cache', '--format', 'json']
        for d in r['defines'].split():
            cmd += ['-D', d]
        for i in r['includes'].split():
            cmd += ['-I', os.path.join(root, i)]
        cmd.append(f)
        t = time.time()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=os.path.dirname(f))
            d = json.loads(p.stdout)
        except Exception as e:
            rec[ver] = {'verdict': 'error', 'detail': str(e)[:200]}
            continue
        want = {int(x) for x in lines.split(',') if x}
        kname = r['kernel'].split('::')[-1]
        races = d.get('races', [])
        on = [x for x in races if x['first']['line'] in want or x['second']['line'] in want]
        kern = [k for k in d.get('kernels', []) if kname in k['name']]
        rec[ver] = {
            'verdict': d.get('verdict'),
            'kernels': [(k['name'][:60], k['verdict'], (k.get('reason') or '')[:160]) for k in kern][:6],
            'race_on_lines': sum(1 for x in on if not x.get('possible')),
            'possible_on_lines': sum(1 for x in on if x.get('possible')),
            'races': len(races),
            'secs': round(time.time() - t, 1),
        }
    res.append(rec)
    p, fx = rec.get('parent', {}), rec.get('fix', {})
    print(f"{rec['id']:28} {rec['split']:7} parent {p.get('verdict')}/{p.get('race_on_lines')}r/{p.get('possible_on_lines')}p "
          f"fix {fx.get('verdict')}/{fx.get('race_on_lines')}r/{fx.get('possible_on_lines')}p "
          f"kfix={[k[1] for k in fx.get('kernels', [])]} {p.get('secs')}s {fx.get('secs')}s", flush=True)
json.dump(res, open(out, 'w'), indent=1)
parent_race = sum(1 for r in res if r.get('parent', {}).get('race_on_lines', 0) > 0)
fix_proved = sum(1 for r in res if r.get('fix', {}).get('kernels') and all(k[1] == 'race-free' for k in r['fix']['kernels']))
print(f"realfix: parent race-on-lines {parent_race}/{len(res)}, fix kernel proved {fix_proved}/{len(res)}")
