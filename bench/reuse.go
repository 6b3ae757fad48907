package bench

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// reuseKey is what results on disk must have been made with to be reused.
type reuseKey struct {
	config string            // the plan's configuration hash
	json   []byte            // the configuration it hashes, to say what changed
	study  string            // the plan's study file, "" for a built-in experiment
	build  string            // the code
	inputs map[string]string // every input of the plan: path -> SHA-256 of its content now
	// runs holds the configuration hash of each planned run that has its
	// own (Run.ConfigHash); nil when none has. runJSON is what each hashes
	// (Plan.RunConfigs).
	runs    map[analysis.RunKey]string
	runJSON map[string]json.RawMessage
}

// sameConfig reports whether a run k found on disk, recorded under the
// configuration hash plan with its own hash run ("" if none), was made
// from the configuration it would be made from now: the plan's
// configuration is unchanged, or the run has its own hash, which is
// the one it has now.
func (key reuseKey) sameConfig(k analysis.RunKey, plan, run string) bool {
	if plan == key.config {
		return true
	}
	want, ok := key.runs[k]
	return ok && run != "" && run == want
}

// reuseReport says what loadCached left out and why, for the progress.
type reuseReport struct {
	staleBuild string // the build of results left out because another build made them
	untrusted  error  // why runs.csv and series.csv were not read at all
	changed    map[string]*inputChange
	incomplete []string // runs left out because their metrics are not the full set
	// Runs on disk made with another configuration: what it was (nil when
	// only a journal recorded them, which keeps its hash alone), which
	// runs, and how many of the plan's are recomputed for it.
	otherConfig     map[analysis.RunKey]bool
	otherConfigJSON []byte
	otherConfigHash string
	otherStudy      string // the study file that made them, as recorded ("" if none)
	configRuns      int
	// Of the runs keyed on their own part of the configuration: the hash
	// each recomputed one was made with, the configurations those hash
	// (as the manifest records them), and each pair of the hash it was
	// made with and the one it has now, in plan order, whose parts'
	// differences the progress names.
	otherRunHash    map[analysis.RunKey]string
	otherRunConfigs map[string]json.RawMessage
	partChanges     [][2]string
	// sealed is the manifest of the finished files when every run
	// reused came from them (their last version: none from the
	// journal); nil otherwise (see keepsFiles).
	sealed  *analysis.Manifest
	unkeyed []string // Plan.Unkeyed
	// fresh says the journal is an interrupted --fresh invocation's: the
	// finished files were not read (journalEntry.Fresh).
	fresh bool
}

// inputChange counts the runs left out because one input changed.
type inputChange struct {
	before, now string // SHA-256, hex; before "" when it was not recorded
	runs        int
}

// lines renders the report as progress lines, one per reason, most runs
// first. A run computes again what it leaves out; a merge computes
// nothing and says it leaves them out (merging).
func (r *reuseReport) lines(exp, dir, build string, key reuseKey, merging bool) []string {
	study, config, now := key.study, key.config, key.json
	verb, again := "recomputing", "computing them again"
	if merging {
		verb, again = "leaving out", "leaving them out"
	}
	var out []string
	if r.fresh {
		what := "resuming the interrupted --fresh run journalled in %s: the results it set aside are not reused"
		if merging {
			what = "the --fresh run journalled in %s was interrupted: the results it set aside are left out"
		}
		out = append(out, fmt.Sprintf("%s: "+what, exp, filepath.Join(dir, journalFile)))
	}
	if r.staleBuild != "" {
		out = append(out, fmt.Sprintf("%s: results in %s were made by another build of gridbench (%s, this one %s); %s",
			exp, dir, r.staleBuild, build, again))
	}
	if r.untrusted != nil {
		for _, e := range strings.Split(r.untrusted.Error(), "\n") {
			out = append(out, fmt.Sprintf("%s: %s: %s", exp, e, verb))
		}
	}
	for _, u := range r.unkeyed {
		out = append(out, fmt.Sprintf("%s: not in the reuse key: %s; after changing it, run with --fresh", exp, u))
	}
	if r.configRuns > 0 {
		out = append(out, fmt.Sprintf("%s: %s %d runs: %s", exp, verb, r.configRuns, r.configChange(study, config, now, key)))
	}
	paths := make([]string, 0, len(r.changed))
	for p := range r.changed {
		paths = append(paths, p)
	}
	slices.SortFunc(paths, func(a, b string) int {
		if d := r.changed[b].runs - r.changed[a].runs; d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	for _, p := range paths {
		c := r.changed[p]
		if c.before == "" {
			out = append(out, fmt.Sprintf("%s: %s %d runs: input %s was not recorded with them (sha256 now %s)",
				exp, verb, c.runs, p, analysis.Short(c.now)))
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s %d runs: input %s changed (sha256 %s → %s)",
			exp, verb, c.runs, p, analysis.Short(c.before), analysis.Short(c.now)))
	}
	if n := len(r.incomplete); n > 0 {
		out = append(out, fmt.Sprintf("%s: %s %d runs whose recorded metrics are not the full set of their algorithm (first: %s)",
			exp, verb, n, r.incomplete[0]))
	}
	return out
}

// cachedRun is one run found on disk, with the inputs it was made from,
// and the manifest of the finished files it was read from (nil: the
// journal).
type cachedRun struct {
	out    Output
	inputs map[string]string
	sealed *analysis.Manifest
}

// loadCached fills done with the runs of plan found in dir that key allows
// to reuse: first the finished runs.csv (with timings.csv and series.csv),
// then the journal of an interrupted invocation. A run is reused when the
// configuration and build that made it are key's, every input it reads
// now (runInputs) had the content it has now, and its metrics are the full
// set its algorithm records on its workload.
//
// A folder whose runs.csv or series.csv does not match the digests of its
// manifest, or does not read back whole, is never reused from. The
// journal is read all the same: it is written line by line by the
// invocation that recomputes such a folder.
func loadCached(ctx context.Context, dir string, plan Plan, key reuseKey, done map[analysis.RunKey]Output) *reuseReport {
	rep := &reuseReport{changed: map[string]*inputChange{}, otherConfig: map[analysis.RunKey]bool{}, unkeyed: plan.Unkeyed,
		otherRunHash: map[analysis.RunKey]string{}}
	found := map[analysis.RunKey][]cachedRun{} // oldest first
	jpath := filepath.Join(dir, journalFile)
	if rep.fresh = journalFresh(jpath); !rep.fresh {
		// (A journal started with --fresh: the finished files are older
		// than it, and set aside as it asked.)
		readFinished(ctx, dir, key, found, rep)
	}
	readJournal(ctx, jpath, key, found, rep)
	admitted := map[analysis.RunKey]Output{}
	var sealed *analysis.Manifest // (of the runs admitted, while all come from the finished files)
	fromFinished := 0
	for _, r := range plan.Runs {
		cs := found[r.Key()]
		if len(cs) == 0 {
			if rep.otherConfig[r.Key()] {
				rep.configRuns++
				if old := rep.otherRunHash[r.Key()]; old != "" && r.ConfigHash != "" {
					if c := [2]string{old, r.ConfigHash}; !slices.Contains(rep.partChanges, c) {
						rep.partChanges = append(rep.partChanges, c)
					}
				}
			}
			continue
		}
		// The latest one made from the inputs as they are now (a journal
		// may hold a run made again after an input changed, and changed back).
		ins := runInputs(plan, r)
		i := len(cs) - 1
		for i >= 0 && staleInput(ins, cs[i].inputs, key.inputs) != "" {
			i--
		}
		if i < 0 {
			last := cs[len(cs)-1]
			p := staleInput(ins, last.inputs, key.inputs)
			ch := rep.changed[p]
			if ch == nil {
				ch = &inputChange{before: last.inputs[p], now: key.inputs[p]}
				rep.changed[p] = ch
			}
			ch.runs++
			continue
		}
		admitted[r.Key()] = cs[i].out
		if cs[i].sealed != nil {
			sealed = cs[i].sealed
			fromFinished++
		}
	}
	rep.incomplete = dropIncomplete(plan, admitted)
	for k, out := range admitted {
		done[k] = out
	}
	if sealed != nil && fromFinished == len(admitted) { // (and they are the plan's runs: keepsFiles)
		rep.sealed = sealed
	}
	return rep
}

// loadMoved fills done with the runs of plan it lacks that the folders
// dirs hold, under loadCached's rules, and returns how many. A shard
// reads its siblings' folders and the merged results there, where the
// runs of a plan given another algorithm or workload were made (a run's
// shard follows its index in the plan); what they do not allow is not
// reported, as it is not the shard's own.
func loadMoved(ctx context.Context, dirs []string, plan Plan, key reuseKey, done map[analysis.RunKey]Output) int {
	n := 0
	for _, d := range dirs {
		missing := plan
		missing.Runs = nil
		for _, r := range plan.Runs {
			if _, ok := done[r.Key()]; !ok {
				missing.Runs = append(missing.Runs, r)
			}
		}
		if len(missing.Runs) == 0 || ctx.Err() != nil {
			break
		}
		got := map[analysis.RunKey]Output{}
		loadCached(ctx, d, missing, key, got)
		for k, out := range got {
			done[k] = out
			n++
		}
	}
	return n
}

// keepsFiles reports whether the finished files in a folder, sealed by
// manifest m, are the runs.csv and series.csv that writing the outputs
// done of plan would give, byte for byte, so that they need not be
// written again: every run of plan was reused from them (none
// recomputed, none read from the journal), and they hold those runs,
// no other, in plan order. Their bytes are what gridbench wrote (their
// digests were checked on the bytes read), and each value is read
// and written back to the same text (FormatValue's is the shortest that
// parses to it). A study of 120,000 runs wrote 0.9 GB again, in 4.8 s,
// each time it was run again to render its page.
func keepsFiles(m *analysis.Manifest, plan Plan, done map[analysis.RunKey]Output) bool {
	if m == nil || m.Experiment != plan.Experiment || len(m.Runs) != len(plan.Runs) || len(done) != len(plan.Runs) {
		return false
	}
	for i, r := range plan.Runs {
		mr := m.Runs[i]
		if mr.Workload != r.Workload || mr.Algorithm != r.Algorithm || mr.Rep != r.Rep ||
			mr.Seed != r.Seed || mr.RunSeed != r.RunSeed || mr.ConfigHash != r.ConfigHash {
			return false
		}
		if _, ok := done[r.Key()]; !ok {
			return false
		}
	}
	return true
}

// staleInput returns the first of paths whose content was not now's when
// the run was made, or "". A path the run did not read is not stale when
// the run read a file of the same name and content in another folder: the
// data moved (a shard on another machine, a data root mounted elsewhere),
// what made the run did not. The name must be the same, as some names
// are data (a best-known schedule's file name gives its makespan).
func staleInput(paths []string, then, now map[string]string) string {
	for _, p := range paths {
		switch sum := now[p]; {
		case sum != "" && then[p] == sum:
		case sum != "" && then[p] == "" && readElsewhere(then, p, sum):
		default:
			return p
		}
	}
	return ""
}

// readElsewhere says whether a file named as p's, of content sum, is
// among the inputs then a run was made from.
func readElsewhere(then map[string]string, p, sum string) bool {
	for q, s := range then {
		if s == sum && filepath.Base(q) == filepath.Base(p) {
			return true
		}
	}
	return false
}

// dropIncomplete removes from runs every run whose metric names are not
// all those its algorithm recorded on its workload in the other runs
// (every repetition of one algorithm on one workload records the same
// metrics), and every run without a metric (runs.csv cannot say such a
// run was made). It returns the runs it removed, in plan order, each with
// the first metric it lacks.
func dropIncomplete(plan Plan, runs map[analysis.RunKey]Output) []string {
	type wa struct{ w, a string }
	all := map[wa][]string{}
	for k, out := range runs {
		g := wa{k.Workload, k.Algorithm}
		for _, m := range out.Metrics {
			if !slices.Contains(all[g], m.Name) {
				all[g] = append(all[g], m.Name)
			}
		}
	}
	var dropped []string
	for _, r := range plan.Runs {
		out, ok := runs[r.Key()]
		if !ok {
			continue
		}
		if len(out.Metrics) == 0 {
			delete(runs, r.Key())
			dropped = append(dropped, r.Key().String()+" has no metric")
			continue
		}
		names := make([]string, len(out.Metrics))
		for i, m := range out.Metrics {
			names[i] = m.Name
		}
		for _, n := range all[wa{r.Workload, r.Algorithm}] {
			if !slices.Contains(names, n) {
				delete(runs, r.Key())
				dropped = append(dropped, r.Key().String()+" lacks "+n)
				break
			}
		}
	}
	return dropped
}

// readFinished adds to found the runs of the finished files in dir, when
// their manifest has key's configuration and build and the files are the
// ones it sealed.
//
// It stops, keeping nothing, once ctx is done (checked every 65,536
// points of series.csv: a study of 120,000 runs has 12 M of them).
func readFinished(ctx context.Context, dir string, key reuseKey, found map[analysis.RunKey][]cachedRun, rep *reuseReport) {
	m, err := analysis.ReadManifest(filepath.Join(dir, manifestFile))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if _, err := os.Stat(filepath.Join(dir, runsFile)); err == nil {
			rep.untrusted = fmt.Errorf("%s is missing, so nothing vouches for %s", manifestFile, runsFile)
		}
		return
	case err != nil:
		rep.untrusted = fmt.Errorf("%s is unreadable (%v)", manifestFile, err)
		return
	}
	// Another configuration made these results: the runs keyed on their
	// own part of it (Run.ConfigHash) that is unchanged are still read.
	var keep map[analysis.RunKey]bool
	if m.ConfigHash != key.config {
		rep.otherConfigJSON, rep.otherConfigHash = m.Config, m.ConfigHash
		if m.Study != nil {
			rep.otherStudy = m.Study.Path
		}
		rep.otherRunConfigs = m.RunConfigs
		keep = map[analysis.RunKey]bool{}
		for _, r := range m.Runs {
			k := analysis.RunKey{Experiment: m.Experiment, Workload: r.Workload, Algorithm: r.Algorithm, Rep: r.Rep}
			if key.sameConfig(k, m.ConfigHash, r.ConfigHash) {
				keep[k] = true
			} else {
				rep.otherConfig[k] = true
				if r.ConfigHash != "" {
					rep.otherRunHash[k] = r.ConfigHash
				}
			}
		}
		if len(keep) == 0 {
			return
		}
	}
	if m.Build != key.build {
		rep.staleBuild = m.Build
		if rep.staleBuild == "" {
			rep.staleBuild = "unrecorded"
		}
		return
	}
	// The digests are checked on the bytes read, as they are read: a
	// folder another process writes meanwhile (a shard reads its
	// siblings' and the merged results) is read whole or not at all.
	if err := m.CheckDigestsListed(dir); err != nil {
		rep.untrusted = err
		return
	}
	var recs []analysis.Record
	if err := m.ReadDigested(dir, runsFile, func(r io.Reader) error {
		rd := analysis.NewReader(r, filepath.Join(dir, runsFile))
		for rd.Next() {
			recs = append(recs, rd.Record())
		}
		return rd.Err()
	}); err != nil {
		rep.untrusted = err
		return
	}
	inputs := inputMap(m.Inputs)
	runs := map[analysis.RunKey]*Output{}
	get := func(k analysis.RunKey) *Output {
		o := runs[k]
		if o == nil {
			o = &Output{}
			runs[k] = o
		}
		return o
	}
	for _, r := range recs {
		o := get(r.Key())
		o.Metrics = append(o.Metrics, Metric{Name: r.Metric, Value: r.Value})
	}
	for _, r := range m.Runs {
		k := analysis.RunKey{Experiment: m.Experiment, Workload: r.Workload, Algorithm: r.Algorithm, Rep: r.Rep}
		if o, ok := runs[k]; ok {
			o.files = r.Files
		}
	}
	for k := range runs {
		if keep != nil && !keep[k] {
			delete(runs, k) // (made with another part: its timings and points are not read into it)
		}
	}
	// Timings are the runs' own measurements, not results: a timings.csv
	// that does not read back whole only costs the runs' recorded times.
	if tims, err := analysis.ReadFile(filepath.Join(dir, timingsFile)); err == nil {
		for _, r := range tims {
			if o, ok := runs[r.Key()]; ok {
				o.Timings = append(o.Timings, Metric{Name: r.Metric, Value: r.Value})
			}
		}
	}
	if _, ok := m.Digests[seriesFile]; ok {
		// Each point into its run's output as it is read (a study of
		// 120,000 runs reads 12 M points back), the run looked up once
		// for the points of one run that follow one another.
		var o *Output
		var at analysis.RunKey
		n := 0
		err := m.ReadDigested(dir, seriesFile, func(r io.Reader) error {
			return analysis.EachPoint(r, filepath.Join(dir, seriesFile), func(p analysis.Point) error {
				if n++; n%(1<<16) == 0 && ctx.Err() != nil {
					return ctx.Err()
				}
				if k := p.Key(); o == nil || k != at {
					o, at = runs[k], k
				}
				if o != nil {
					o.Series = append(o.Series, Sample{p.Series, p.T, p.Value})
				}
				return nil
			})
		})
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			rep.untrusted = err
			return
		}
	}
	for k, o := range runs {
		found[k] = append(found[k], cachedRun{out: *o, inputs: inputs, sealed: m})
	}
}

// readJournal adds to found the runs of the journal at path made with
// key's configuration and build. The journal is a sequence of headers
// (configuration, build and inputs of one invocation) each followed by
// the runs that invocation finished; blank lines and lines cut short by an
// interruption are skipped, and reading goes on past them.
//
// It stops once ctx is done (checked every 1,024 lines).
func readJournal(ctx context.Context, path string, key reuseKey, found map[analysis.RunKey][]cachedRun, rep *reuseReport) {
	if ctx.Err() != nil {
		return
	}
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	var head *journalEntry
	for n := 1; sc.Scan(); n++ {
		if n%1024 == 0 && ctx.Err() != nil {
			return
		}
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var e journalEntry
		if err := json.Unmarshal(line, &e); err != nil {
			continue // a line cut short by an interruption: that run is redone
		}
		if e.Config != "" {
			head = &e
			if e.Config == key.config && e.Build != key.build {
				rep.staleBuild = e.Build
			}
			continue
		}
		if head == nil || len(e.Key) != 3 {
			continue
		}
		k := analysis.RunKey{Experiment: e.Key[0], Workload: e.Key[1], Algorithm: e.Key[2], Rep: e.Rep}
		if !key.sameConfig(k, head.Config, e.RunConfig) {
			rep.otherConfig[k] = true
			if rep.otherConfigHash == "" {
				rep.otherConfigHash = head.Config
			}
			continue
		}
		if head.Build != key.build {
			if head.Config != key.config { // (else said at its header)
				rep.staleBuild = head.Build
			}
			continue
		}
		ms, err1 := fromJ(e.Metrics)
		ts, err2 := fromJ(e.Timings)
		ss, err3 := fromJS(e.Series)
		if err := errors.Join(err1, err2, err3); err != nil {
			continue
		}
		found[k] = append(found[k], cachedRun{out: Output{Metrics: ms, Timings: ts, Series: ss, files: e.Files}, inputs: head.Inputs})
	}
}

// configChange says why runs made with another configuration are not
// reused: which study file (or configuration) changed, and where, as the
// first differences between the configuration recorded and now's.
//
// Where the runs are keyed on their own part of the configuration, and
// the results record the parts they were made with, the differences are
// those of their parts: an algorithm added beside them is none.
func (r *reuseReport) configChange(study, hash string, now []byte, key reuseKey) string {
	what := "the configuration changed"
	switch {
	case study != "" && r.otherStudy != "" && !sameStudy(r.otherStudy, study):
		// Another study file of the same name wrote the folder (two
		// studies sharing an --out): its results are being replaced.
		what = "they were made from study file " + r.otherStudy + ", not " + study
	case study != "":
		what = "study file " + study + " changed"
	}
	diffs := r.partDiffs(key)
	if diffs == nil {
		if r.otherConfigJSON == nil {
			return fmt.Sprintf("%s (configuration %s → %s)", what, r.otherConfigHash, hash)
		}
		diffs = configDiff(r.otherConfigJSON, now, maxConfigDiffs+1)
	}
	if len(diffs) == 0 {
		return fmt.Sprintf("%s (configuration %s → %s)", what, r.otherConfigHash, hash)
	}
	// all says whether every difference is in the configuration's key
	// (the key itself, set or unset, or one below it).
	all := func(key string) bool {
		return !slices.ContainsFunc(diffs, func(d string) bool {
			return !strings.HasPrefix(d, key+".") && !strings.HasPrefix(d, key+":")
		})
	}
	if all("env") {
		what = "an environment variable the runs read changed" // a configuration's env: its variables' values
	}
	if all("exec_files") {
		// A study's exec_files: the files an exec: scheduler reads, by
		// path; one gone (or new) is no edit of the study file.
		what = "the files an exec: scheduler reads changed, one gone or added"
	}
	more := ""
	if len(diffs) > maxConfigDiffs {
		diffs, more = diffs[:maxConfigDiffs], "; and more"
	}
	return fmt.Sprintf("%s (%s%s)", what, strings.Join(diffs, "; "), more)
}

// partDiffs returns the differences between the parts of the
// configuration the recomputed runs were made with and their parts now,
// each once, up to one more than a line names; nil unless every such
// part is known (recorded, and planned).
func (r *reuseReport) partDiffs(key reuseKey) []string {
	if len(r.partChanges) == 0 {
		return nil
	}
	var out []string
	for _, c := range r.partChanges {
		before, now := r.otherRunConfigs[c[0]], key.runJSON[c[1]]
		if before == nil || now == nil {
			return nil
		}
		for _, d := range configDiff(before, now, maxConfigDiffs+1) {
			if !slices.Contains(out, d) && len(out) <= maxConfigDiffs {
				out = append(out, d)
			}
		}
	}
	return out
}

// sameStudy reports whether study files a and b, as given, are one file:
// one path, or two that name it (run from another folder).
func sameStudy(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// maxConfigDiffs is how many differences a progress line names.
const maxConfigDiffs = 3

// configDiff returns up to n differences between two configurations as
// JSON, in the order of their keys: "path: before → now", a value missing
// on one side shown as "unset".
func configDiff(before, now []byte, n int) []string {
	var a, b any
	dec := func(data []byte, v *any) bool {
		d := json.NewDecoder(bytes.NewReader(data))
		d.UseNumber()
		return d.Decode(v) == nil
	}
	if !dec(before, &a) || !dec(now, &b) {
		return nil
	}
	var out []string
	var walk func(path string, a, b any, hasA, hasB bool)
	walk = func(path string, a, b any, hasA, hasB bool) {
		if len(out) >= n {
			return
		}
		ma, okA := a.(map[string]any)
		mb, okB := b.(map[string]any)
		if okA && okB {
			keys := map[string]bool{}
			for k := range ma {
				keys[k] = true
			}
			for k := range mb {
				keys[k] = true
			}
			for _, k := range slices.Sorted(maps.Keys(keys)) {
				va, ha := ma[k]
				vb, hb := mb[k]
				walk(joinPath(path, k), va, vb, ha, hb)
			}
			return
		}
		la, okA := a.([]any)
		lb, okB := b.([]any)
		if okA && okB {
			for i := range max(len(la), len(lb)) {
				var va, vb any
				if i < len(la) {
					va = la[i]
				}
				if i < len(lb) {
					vb = lb[i]
				}
				walk(fmt.Sprintf("%s[%d]", path, i), va, vb, i < len(la), i < len(lb))
			}
			return
		}
		sa, sb := shownValue(a, hasA), shownValue(b, hasB)
		if sa != sb {
			out = append(out, fmt.Sprintf("%s: %s → %s", cmp.Or(path, "(all)"), sa, sb))
		}
	}
	walk("", a, b, true, true)
	return out
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// shownValue is a configuration value as a progress line shows it.
func shownValue(v any, present bool) string {
	if !present || v == nil {
		return "unset"
	}
	b, _ := json.Marshal(v)
	s := string(b)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}
