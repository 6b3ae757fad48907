package bench

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gridbench/gridbench/analysis"
)

// Shard is one part of a plan split over N machines: the runs whose index
// in the plan is K modulo N. Dealing runs round-robin in plan order spreads
// every workload and algorithm over all shards, so shards cost about the
// same without any cost model, and a run's shard follows from the plan
// alone. The zero Shard means the whole plan.
type Shard struct{ K, N int }

// ParseShard reads "K/N" with 0 <= K < N.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 0 || ki >= ni {
		return Shard{}, fmt.Errorf("--shard %q: want K/N with 0 <= K < N, e.g. 0/4", s)
	}
	return Shard{ki, ni}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// Dir is where the shard's results go below an experiment's folder. Each
// shard has its own folder, so shards never write the same file.
func (s Shard) Dir(dir string) string {
	return filepath.Join(dir, shardsDir, fmt.Sprintf("%d-of-%d", s.K, s.N))
}

// Lock takes the shard's lock in the output folder out: its own folder
// there, .gridbench-shard-K-of-N, held on its descriptor as the whole
// folder's lock is on out's (see Lock), so that the N shards of an array
// run side by side, beside a whole-folder writer, and a twin of one shard
// is kept out even when the lock file is removed during the run.
func (s Shard) Lock(ctx context.Context, out string, wait bool, msg io.Writer) (*Lock, error) {
	dir := filepath.Join(out, fmt.Sprintf(shardLockDir, s.K, s.N))
	return acquireLock(ctx, dir, LockFile, fmt.Sprintf("shard %s of %s", s, out), wait, msg)
}

// shardLockDir names a shard's lock folder in the output folder (Lock).
const shardLockDir = ".gridbench-shard-%d-of-%d"

// ShardWriter returns a shard being written into the output folder out
// (its lock held, see Lock), as "K/N", with the writer's process id and
// the lock file; "" when none is.
func ShardWriter(out string) (shard, pid, lock string) {
	dirs, _ := filepath.Glob(filepath.Join(out, ".gridbench-shard-*-of-*"))
	for _, dir := range dirs {
		var s Shard
		if _, err := fmt.Sscanf(filepath.Base(dir), shardLockDir, &s.K, &s.N); err != nil {
			continue
		}
		if holder, busy := Writer(dir, LockFile); busy {
			return s.String(), holder, filepath.Join(dir, LockFile)
		}
	}
	return "", "", ""
}

// shardOf returns the shard, among n, that runs plan.Runs[i].
func shardOf(i, n int) int { return i % n }

// Select returns the part of plan this shard runs.
func (s Shard) Select(plan Plan) Plan {
	sub := plan
	sub.Runs = nil
	for i, r := range plan.Runs {
		if shardOf(i, s.N) == s.K {
			sub.Runs = append(sub.Runs, r)
		}
	}
	return sub
}

const shardsDir = "shards"

var shardName = regexp.MustCompile(`^([0-9]+)-of-([0-9]+)$`)

// shardCounts lists the N of every shard folder found below dir.
func shardCounts(dir string) []int {
	ents, _ := os.ReadDir(filepath.Join(dir, shardsDir))
	seen := map[int]bool{}
	var ns []int
	for _, e := range ents {
		if m := shardName.FindStringSubmatch(e.Name()); m != nil && e.IsDir() {
			n, _ := strconv.Atoi(m[2])
			if !seen[n] {
				seen[n] = true
				ns = append(ns, n)
			}
		}
	}
	sort.Ints(ns)
	return ns
}

// Merge gathers the results that `Execute` with opts.Shard K/N wrote for
// every K, checks that each run of plan is there exactly once, and writes
// runs.csv, timings.csv, series.csv and manifest.json into opts.Dir as one Execute of
// the whole plan would: runs.csv is byte-identical. opts.Shard.N gives the
// number of shards; 0 means the one number found on disk. Nothing runs: a
// missing run is an error naming it and its shard.
func Merge(ctx context.Context, plan Plan, opts Options) (*Result, error) {
	started := time.Now()
	hash, cfgJSON, err := analysis.HashConfig(plan.Config)
	if err != nil {
		return nil, fmt.Errorf("%s: configuration: %w", plan.Experiment, err)
	}
	if err := checkPlan(plan); err != nil {
		return nil, err
	}
	n := opts.Shard.N
	if n == 0 {
		switch ns := shardCounts(opts.Dir); len(ns) {
		case 0:
			return nil, fmt.Errorf("no shard results in %s: run `gridbench reproduce --shard K/N` for every K first",
				filepath.Join(opts.Dir, shardsDir))
		case 1:
			n = ns[0]
		default:
			return nil, fmt.Errorf("%s holds shards of %s splits: say which with --shards N",
				filepath.Join(opts.Dir, shardsDir), strings.Trim(fmt.Sprint(ns), "[]"))
		}
	}

	key, err := newReuseKey(plan, hash, &opts)
	if err != nil {
		return nil, err
	}
	done := map[analysis.RunKey]Output{}
	found := map[analysis.RunKey][]int{} // the shards holding each run
	var why []string                     // why runs on disk were left out
	for k := 0; k < n; k++ {
		part := map[analysis.RunKey]Output{}
		sdir := Shard{k, n}.Dir(opts.Dir)
		rep := loadCached(ctx, sdir, plan, key, part)
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%s: interrupted while reading shard %d/%d in %s (%w); nothing was written: run the same command again",
				plan.Experiment, k, n, sdir, context.Cause(ctx))
		}
		if rep.untrusted != nil {
			return nil, fmt.Errorf("shard %d/%d in %s: %w; run that shard again", k, n, sdir, rep.untrusted)
		}
		why = append(why, rep.lines(fmt.Sprintf("%s shard %d/%d", plan.Experiment, k, n), sdir, opts.Build, key, true)...)
		for key, out := range part {
			done[key] = out
			found[key] = append(found[key], k)
		}
	}
	var missing, twice []string
	missingShards := map[int]bool{}
	for i, r := range plan.Runs {
		switch ks := found[r.Key()]; {
		case len(ks) == 0:
			k := shardOf(i, n)
			missingShards[k] = true
			missing = append(missing, fmt.Sprintf("%s (shard %d/%d)", r.Key(), k, n))
		case len(ks) > 1:
			sort.Ints(ks)
			twice = append(twice, fmt.Sprintf("%s (shards %s)", r.Key(), strings.Trim(fmt.Sprint(ks), "[]")))
		}
	}
	if len(missing) > 0 {
		var ks []string
		for k := 0; k < n; k++ {
			if missingShards[k] {
				ks = append(ks, fmt.Sprintf("--shard %d/%d", k, n))
			}
		}
		because := ""
		if len(why) > 0 {
			because = " (" + strings.Join(why, "; ") + ")"
		}
		return nil, fmt.Errorf("%d of %d runs missing%s: %s; run `gridbench reproduce` with %s (same flags) and merge again",
			len(missing), len(plan.Runs), because, abbreviate(missing, 5), strings.Join(ks, ", "))
	}
	if len(twice) > 0 {
		return nil, fmt.Errorf("%d runs found in more than one shard: %s; remove the stale shard folders below %s and merge again",
			len(twice), abbreviate(twice, 5), filepath.Join(opts.Dir, shardsDir))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// A run's files (a study's jobs files) are the shards' as they wrote
	// them, or no run of theirs is merged: one edited, cut short or gone
	// since would be listed as the run's.
	if stale := dropStaleFiles(plan, cmp.Or(plan.RunFilesDir, opts.Dir), maps.Clone(done)); len(stale) > 0 {
		return nil, fmt.Errorf("%s: %s; run the shards of those runs again and merge", plan.Experiment, strings.Join(stale, "; "))
	}
	man := &analysis.Manifest{
		Tool: "gridbench", Version: opts.Version, Commit: opts.Commit,
		Experiment: plan.Experiment, ConfigHash: hash, Config: cfgJSON, SeedRule: SeedRule, Build: opts.Build,
		Reused: len(plan.Runs), Started: started, DataRoots: opts.DataRoots,
	}
	setInputs(man, plan, key.inputs)
	return writeResult(plan, done, opts.Dir, man, nil)
}

// abbreviate joins the first max items and says how many more there are.
func abbreviate(items []string, max int) string {
	if len(items) <= max {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:max], ", "), len(items)-max)
}
