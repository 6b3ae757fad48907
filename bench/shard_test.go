package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/3"); err != nil || s != (Shard{2, 3}) {
		t.Errorf("2/3: %v %v", s, err)
	}
	for _, bad := range []string{"3/3", "-1/2", "1", "a/2", "0/0", "1/2/3"} {
		if _, err := ParseShard(bad); err == nil || !strings.Contains(err.Error(), "K/N") {
			t.Errorf("%q: got %v", bad, err)
		}
	}
}

// Three shards and a merge give the bytes of one invocation.
func TestShardsMergeToOneRun(t *testing.T) {
	plan := testPlan(5)
	ref := t.TempDir()
	var calls atomic.Int64
	if _, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: ref, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var shardCalls atomic.Int64
	for k := 0; k < 3; k++ {
		res, err := Execute(context.Background(), plan, toyExec(&shardCalls), Options{Dir: dir, Workers: 2, Shard: Shard{k, 3}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Manifest.Runs) != 10 {
			t.Errorf("shard %d ran %d runs, want 10", k, len(res.Manifest.Runs))
		}
	}
	if shardCalls.Load() != int64(len(plan.Runs)) {
		t.Errorf("shards executed %d runs, want %d", shardCalls.Load(), len(plan.Runs))
	}
	if _, err := os.Stat(filepath.Join(dir, runsFile)); !os.IsNotExist(err) {
		t.Error("a shard wrote the experiment's runs.csv")
	}
	// A shard run again finds its runs done.
	res, err := Execute(context.Background(), plan, toyExec(&shardCalls), Options{Dir: dir, Shard: Shard{1, 3}})
	if err != nil || res.Manifest.Executed != 0 {
		t.Fatalf("re-run shard executed %v runs (err %v)", res.Manifest.Executed, err)
	}
	m, err := Merge(context.Background(), plan, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if m.Manifest.Reused != len(plan.Runs) || len(m.Manifest.Runs) != len(plan.Runs) {
		t.Errorf("merged manifest: %d reused, %d runs", m.Manifest.Reused, len(m.Manifest.Runs))
	}
	for _, f := range []string{runsFile, seriesFile} {
		a, _ := os.ReadFile(filepath.Join(ref, f))
		b, _ := os.ReadFile(filepath.Join(dir, f))
		if len(a) == 0 || string(a) != string(b) {
			t.Fatalf("merged %s differs from one run's:\n%s\n---\n%s", f, a, b)
		}
	}
	// The merge is what Execute reuses afterwards.
	var after atomic.Int64
	if _, err := Execute(context.Background(), plan, toyExec(&after), Options{Dir: dir}); err != nil || after.Load() != 0 {
		t.Errorf("reproduce after merge executed %d runs (err %v)", after.Load(), err)
	}
}

func TestMergeNamesMissingRunsAndTheirShard(t *testing.T) {
	plan := testPlan(2) // 12 runs
	dir := t.TempDir()
	var calls atomic.Int64
	for _, k := range []int{0, 2} {
		if _, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: dir, Shard: Shard{k, 3}}); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Merge(context.Background(), plan, Options{Dir: dir})
	if err == nil {
		t.Fatal("merge of 2 of 3 shards succeeded")
	}
	for _, want := range []string{"4 of 12 runs missing", "toy/w1/A/1 (shard 1/3)", "--shard 1/3"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "--shard 0/3") {
		t.Errorf("error names a complete shard: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, runsFile)); !os.IsNotExist(err) {
		t.Error("an incomplete merge wrote runs.csv")
	}

	// Shards of a 2-way split beside the 3-way one: say which split to merge.
	if _, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: dir, Shard: Shard{0, 2}}); err != nil {
		t.Fatal(err)
	}
	if _, err := Merge(context.Background(), plan, Options{Dir: dir}); err == nil || !strings.Contains(err.Error(), "--shards N") {
		t.Errorf("two splits on disk: got %v", err)
	}
	if _, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: dir, Shard: Shard{1, 3}}); err != nil {
		t.Fatal(err)
	}
	if _, err := Merge(context.Background(), plan, Options{Dir: dir, Shard: Shard{N: 3}}); err != nil {
		t.Fatalf("complete 3-way split: %v", err)
	}
}

func TestMergeRejectsARunInTwoShards(t *testing.T) {
	plan := testPlan(1) // 6 runs
	dir := t.TempDir()
	var calls atomic.Int64
	for k := 0; k < 2; k++ {
		if _, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: dir, Shard: Shard{k, 2}}); err != nil {
			t.Fatal(err)
		}
	}
	// Shard 1 also holds shard 0's runs, as after a change of plan.
	b, _ := os.ReadFile(filepath.Join(Shard{0, 2}.Dir(dir), runsFile))
	c, _ := os.ReadFile(filepath.Join(Shard{1, 2}.Dir(dir), runsFile))
	_, body, _ := strings.Cut(string(b), "\n")
	os.WriteFile(filepath.Join(Shard{1, 2}.Dir(dir), runsFile), append(c, body...), 0o644)
	// Sealed by its manifest, as a shard made from that plan would be.
	mpath := filepath.Join(Shard{1, 2}.Dir(dir), manifestFile)
	m, err := analysis.ReadManifest(mpath)
	if err != nil {
		t.Fatal(err)
	}
	m.Digests[runsFile], _ = analysis.FileSHA256(filepath.Join(Shard{1, 2}.Dir(dir), runsFile))
	if err := analysis.WriteManifest(mpath, m); err != nil {
		t.Fatal(err)
	}
	_, err = Merge(context.Background(), plan, Options{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "toy/w1/A/0 (shards 0 1)") {
		t.Fatalf("got %v", err)
	}
}

func TestMergeWithoutShards(t *testing.T) {
	_, err := Merge(context.Background(), testPlan(1), Options{Dir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "--shard K/N") {
		t.Fatalf("got %v", err)
	}
}

// TestShardReusesAnotherSplit: a shard reads the runs the shards of
// another split made (a study run as 2 shards, then as 3), and the new
// split merges to one run's files.
func TestShardReusesAnotherSplit(t *testing.T) {
	plan := testPlan(3)
	dir := t.TempDir()
	var calls atomic.Int64
	for k := range 2 {
		if _, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: dir, Workers: 2, Shard: Shard{k, 2}}); err != nil {
			t.Fatal(err)
		}
	}
	before := calls.Load()
	for k := range 3 {
		if _, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: dir, Workers: 2, Shard: Shard{k, 3}}); err != nil {
			t.Fatal(err)
		}
	}
	if n := calls.Load() - before; n != 0 {
		t.Errorf("the 3 shards computed %d runs the 2 shards had made, want 0", n)
	}
	m, err := Merge(context.Background(), plan, Options{Dir: dir, Shard: Shard{N: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Manifest.Runs) != len(plan.Runs) {
		t.Errorf("merged %d runs, want %d", len(m.Manifest.Runs), len(plan.Runs))
	}
}
