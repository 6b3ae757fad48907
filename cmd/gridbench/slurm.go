package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
)

func init() { register(slurmCommand) }

// slurmPoll is how often --wait asks Slurm about the merge job.
var slurmPoll = time.Second

// argList collects every occurrence of a flag verbatim: sbatch arguments
// hold commas (--mail-type=END,FAIL) that a slice flag would split.
type argList []string

func (a *argList) Set(v string) error { *a = append(*a, v); return nil }
func (a *argList) String() string     { return strings.Join(*a, " ") }

func slurmCommand() *cli.Command {
	return &cli.Command{
		Name:  "slurm",
		Usage: "run reproduce, or a study file of your own, as a Slurm job array of --shards tasks and merge the shards in a job that follows",
		Description: "Writes two batch scripts under --out/slurm: an array of N tasks, task K running " +
			"`gridbench reproduce --shard K/N` with the flags given here, and a merge job that runs `gridbench merge` once " +
			"every task has succeeded (--dependency=afterok). With --study FILE.toml the tasks run `gridbench study run FILE.toml " +
			"--shard K/N` and the merge `gridbench study merge FILE.toml` (--out then defaults to out, as study run's does; " +
			"the tasks start in this folder, where the study's relative paths and exec: commands are found). Submits both with " +
			"`sbatch --parsable` and prints the job ids and log files. All tasks write to --out, which must be on a file system " +
			"every node sees. A failed task leaves the merge unrun (Slurm cancels it); resubmit that task, then merge.\n" +
			"Experiments: " + strings.Join(experiments.Names(), ", "),
		Flags: append(slurmRunFlags(), onlyFlag(),
			&cli.IntFlag{Name: "shards", Usage: "number of array tasks (required)", DefaultText: "none"},
			&cli.GenericFlag{Name: "sbatch-arg", Value: &argList{}, Usage: "an `ARG` for both sbatch calls, e.g. --sbatch-arg=--partition=short (repeatable)"},
			&cli.BoolFlag{Name: "dry-run", Usage: "print the scripts and sbatch commands; submit nothing"},
			&cli.BoolFlag{Name: "wait", Usage: "block until the merge job ends and exit with its status"},
			&cli.StringFlag{Name: "study", Usage: "run the study file `FILE.toml` (study run, study merge) rather than reproduce's studies"},
		),
		Action: slurmAction,
	}
}

// slurmRunFlags is runFlags as the tasks take them: with --study, the
// repetitions are the study file's (study run's --reps).
func slurmRunFlags() []cli.Flag {
	fs := runFlags()
	for _, f := range fs {
		if r, ok := f.(*cli.IntFlag); ok && r.Name == "reps" {
			r.Usage = "repetitions of each randomised configuration (0: the experiment's default, 20; backfilling's runs are deterministic and run once; with --study, the file's reps, else 10; at most 10000)"
		}
	}
	return fs
}

// slurmJob is everything the two batch scripts are made from.
type slurmJob struct {
	bin      string   // this gridbench binary
	out      string   // absolute --out
	shards   int      // array tasks
	args     []string // reproduce's flags, without --out and --shard
	mergeArg []string // merge's flags, without --out
	study    string   // the study file (absolute) the tasks run, or "" for reproduce
	sbatch   []string // --sbatch-arg values
	workers  bool     // -j given; otherwise each task uses its allocated CPUs
}

func (j *slurmJob) dir() string         { return filepath.Join(j.out, "slurm") }
func (j *slurmJob) shardScript() string { return filepath.Join(j.dir(), "shards.sbatch") }
func (j *slurmJob) mergeScript() string { return filepath.Join(j.dir(), "merge.sbatch") }
func (j *slurmJob) shardLog(id string) string {
	return filepath.Join(j.dir(), "shard-"+id+"_%a.log")
}

func slurmAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return fmt.Errorf("slurm takes no arguments (got %q)", c.Args().First())
	}
	if err := checkRunFlags(c); err != nil {
		return err
	}
	if n := c.Int("shards"); n < 1 || n > maxShards {
		return fmt.Errorf("--shards %d: give the number of array tasks, 1 to %d", n, maxShards)
	}
	only, err := onlyList(c)
	if err != nil {
		return err
	}
	for _, n := range only {
		if _, err := experiments.Lookup(n); err != nil {
			return err
		}
	}
	if s := c.String("study"); s != "" {
		if c.IsSet("only") || c.Bool("quick") {
			return fmt.Errorf("--study %s: --only and --quick choose among reproduce's studies; a study file runs whole", s)
		}
		if _, err := filestudy.Load(s); err != nil {
			return err // checked here, not by every task
		}
	}
	j, err := newSlurmJob(c)
	if err != nil {
		return err
	}
	w := c.App.Writer
	if c.Bool("dry-run") {
		fmt.Fprintf(w, "# %s\n%s\n# %s\n%s\n", j.shardScript(), j.shardBody(), j.mergeScript(), j.mergeBody())
		fmt.Fprintf(w, "# to be submitted with:\nsbatch %s\nsbatch %s\n", shellJoin(j.shardSbatch()), shellJoin(j.mergeSbatch("<array job id>")))
		return nil
	}
	if strings.Contains(j.bin, "go-build") && !c.Bool("wait") {
		return fmt.Errorf("this binary (%s) is go run's temporary copy, deleted when this command ends, before the tasks run: "+
			"build one with `go build -o gridbench ./cmd/gridbench`, or add --wait", j.bin)
	}
	if _, err := exec.LookPath("sbatch"); err != nil {
		return fmt.Errorf("sbatch not found: run this on a Slurm login node (scripts/slurm-local.sh start makes a one-node Slurm here)")
	}
	if err := os.MkdirAll(j.dir(), 0o755); err != nil {
		return fmt.Errorf("cannot create output directory %s: %w", j.dir(), err)
	}
	for path, body := range map[string]string{j.shardScript(): j.shardBody(), j.mergeScript(): j.mergeBody()} {
		if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
			return fmt.Errorf("cannot write %s: %w", path, err)
		}
	}
	arrayID, err := sbatch(j.shardSbatch())
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "shards: job %s, array 0-%d, logs %s\n", arrayID, j.shards-1, j.shardLog(arrayID))
	mergeID, err := sbatch(j.mergeSbatch(arrayID))
	if err != nil {
		return fmt.Errorf("%w (the array job %s is submitted; cancel it with scancel %s or merge by hand)", err, arrayID, arrayID)
	}
	fmt.Fprintf(w, "merge: job %s, runs once every shard has succeeded, log %s\n", mergeID, j.mergeLog(mergeID))
	if !c.Bool("wait") {
		fmt.Fprintf(w, "results and report: %s (when job %s completes; follow it with squeue -j %s,%s)\n", j.out, mergeID, arrayID, mergeID)
		return nil
	}
	return j.wait(c, arrayID, mergeID)
}

func newSlurmJob(c *cli.Context) (*slurmJob, error) {
	bin, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("cannot find this binary's path for the batch scripts: %w", err)
	}
	out := c.String("out")
	var study string
	if s := c.String("study"); s != "" {
		if study, err = filepath.Abs(s); err != nil {
			return nil, err
		}
		if !c.IsSet("out") {
			out = "out" // study run's own default
		}
	}
	if out, err = filepath.Abs(out); err != nil {
		return nil, err
	}
	j := &slurmJob{bin: bin, out: out, shards: c.Int("shards"), sbatch: *c.Generic("sbatch-arg").(*argList), workers: c.IsSet("j"), study: study}
	// The plan-choosing flags and --no-wait go to both commands; -j and --fresh to the shards only.
	var sel []string
	if only, _ := onlyList(c); len(only) > 0 { // (slurmAction refused an empty name)
		sel = append(sel, "--only", strings.Join(only, ","))
	}
	if c.IsSet("reps") {
		sel = append(sel, "--reps", strconv.Itoa(c.Int("reps")))
	}
	if c.Bool("quick") {
		sel = append(sel, "--quick")
	}
	if c.Bool("no-wait") {
		sel = append(sel, "--no-wait")
	}
	if d := c.String("data"); d != "" {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, err
		}
		sel = append(sel, "--data", abs)
	}
	j.mergeArg = append([]string{"--shards", strconv.Itoa(j.shards)}, sel...)
	j.args = sel
	if c.Bool("fresh") {
		j.args = append(j.args, "--fresh")
	}
	if j.workers {
		j.args = append(j.args, "-j", strconv.Itoa(c.Int("j")))
	}
	if c.IsSet("exec-timeout") {
		j.args = append(j.args, "--exec-timeout", c.Duration("exec-timeout").String())
	}
	return j, nil
}

func (j *slurmJob) mergeLog(id string) string { return filepath.Join(j.dir(), "merge-"+id+".log") }

func (j *slurmJob) shardBody() string {
	var b strings.Builder
	fmt.Fprintf(&b, "#!/bin/bash\n# gridbench: task K of this array runs shard K/%d of the plan.\n", j.shards)
	// The log's path goes to sbatch as an argument, quoted: an #SBATCH
	// line is split at white space, and --out "runs b" made sbatch
	// refuse the script ("Invalid directive found in batch script").
	fmt.Fprintf(&b, "#SBATCH --job-name=gridbench-shards\n#SBATCH --array=0-%d\n# log: %s (sbatch --output)\n", j.shards-1, j.shardLogPattern())
	fmt.Fprintf(&b, "set -eu\nexec %s %s --out %s --shard \"$SLURM_ARRAY_TASK_ID/%d\"", shellQuote(j.bin), j.command("reproduce", "run"), shellQuote(j.out), j.shards)
	if len(j.args) > 0 {
		b.WriteString(" " + shellJoin(j.args))
	}
	if !j.workers {
		// -j 0 would start a worker per core of the node, not per CPU Slurm gave the task.
		b.WriteString(" -j \"${SLURM_CPUS_PER_TASK:-1}\"")
	}
	b.WriteString("\n")
	return b.String()
}

func (j *slurmJob) mergeBody() string {
	return fmt.Sprintf("#!/bin/bash\n# gridbench: gathers the %d shards into results/, paper/ and the workbook.\n"+
		"#SBATCH --job-name=gridbench-merge\n# log: %s (sbatch --output)\nset -eu\nexec %s %s --out %s %s\n",
		j.shards, j.mergeLogPattern(), shellQuote(j.bin), j.command("merge", "merge"), shellQuote(j.out), shellJoin(j.mergeArg))
}

// command is the gridbench command a script runs: reproduce's (whole), or
// the study file's subcommand sub followed by the file.
func (j *slurmJob) command(whole, sub string) string {
	if j.study == "" {
		return whole
	}
	return "study " + sub + " " + shellQuote(j.study)
}

func (j *slurmJob) shardLogPattern() string { return filepath.Join(j.dir(), "shard-%A_%a.log") }
func (j *slurmJob) mergeLogPattern() string { return filepath.Join(j.dir(), "merge-%j.log") }

func (j *slurmJob) shardSbatch() []string {
	return append(append([]string{"--parsable", "--output=" + j.shardLogPattern()}, j.sbatch...), j.shardScript())
}

// mergeSbatch makes the merge wait for every task of the array to succeed;
// if one fails, Slurm cancels the merge rather than leave it pending forever.
func (j *slurmJob) mergeSbatch(arrayID string) []string {
	args := append([]string{"--parsable", "--output=" + j.mergeLogPattern(), "--dependency=afterok:" + arrayID, "--kill-on-invalid-dep=yes"}, j.sbatch...)
	return append(args, j.mergeScript())
}

// sbatch submits and returns the job id (--parsable prints "id" or "id;cluster").
func sbatch(args []string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("sbatch", args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("sbatch %s: %v: %s", shellJoin(args), err, oneLine(stderr.String()))
	}
	id, _, _ := strings.Cut(strings.TrimSpace(stdout.String()), ";")
	if _, err := strconv.Atoi(id); err != nil {
		return "", fmt.Errorf("sbatch %s: unexpected output %q (want a job id)", shellJoin(args), stdout.String())
	}
	return id, nil
}

// jobRecords returns `scontrol show job -o ID`'s records, one map of
// Key=Value fields per job (an array job has one per task).
func jobRecords(id string) ([]map[string]string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("scontrol", "show", "job", "-o", id)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("scontrol show job %s: %v: %s", id, err, oneLine(stderr.String()))
	}
	var recs []map[string]string
	for _, line := range strings.Split(stdout.String(), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		r := map[string]string{}
		for _, f := range strings.Fields(line) {
			if k, v, ok := strings.Cut(f, "="); ok {
				r[k] = v
			}
		}
		recs = append(recs, r)
	}
	return recs, nil
}

// finished says whether a job state is final.
func finished(state string) bool {
	switch state {
	case "PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED",
		"RESIZING", "SIGNALING", "STAGE_OUT", "STOPPED", "RESV_DEL_HOLD":
		return false
	}
	return true
}

// wait blocks until the merge job ends and returns its status; if it never
// ran because a task failed, the error names the tasks to resubmit.
func (j *slurmJob) wait(c *cli.Context, arrayID, mergeID string) error {
	fmt.Fprintf(c.App.ErrWriter, "waiting for merge job %s…\n", mergeID)
	var rec map[string]string
	for {
		recs, err := jobRecords(mergeID)
		if err != nil {
			return fmt.Errorf("%w; the merge's log is %s", err, j.mergeLog(mergeID))
		}
		if len(recs) == 0 {
			return fmt.Errorf("Slurm no longer knows job %s; see its log %s", mergeID, j.mergeLog(mergeID))
		}
		rec = recs[0]
		if finished(rec["JobState"]) || rec["Reason"] == "DependencyNeverSatisfied" {
			break
		}
		select {
		case <-c.Context.Done():
			return fmt.Errorf("stopped waiting; the jobs go on (squeue -j %s,%s)", arrayID, mergeID)
		case <-time.After(slurmPoll):
		}
	}
	if rec["JobState"] == "COMPLETED" {
		fmt.Fprintf(c.App.Writer, "merge job %s completed: results in %s, report in %s\n",
			mergeID, filepath.Join(j.out, "results"), filepath.Join(j.out, "paper"))
		return nil
	}
	if failed := j.failedTasks(arrayID); failed != "" {
		return cli.Exit(fmt.Sprintf("the merge (job %s) did not run: %s", mergeID, failed), 1)
	}
	code := 1
	if ec, _, _ := strings.Cut(rec["ExitCode"], ":"); ec != "" && ec != "0" {
		code, _ = strconv.Atoi(ec)
	}
	return cli.Exit(fmt.Sprintf("merge job %s ended %s (exit %s); see %s", mergeID, rec["JobState"], rec["ExitCode"], j.mergeLog(mergeID)), code)
}

// failedTasks describes the array tasks that ended other than COMPLETED
// and how to resubmit them, or returns "".
func (j *slurmJob) failedTasks(arrayID string) string {
	recs, err := jobRecords(arrayID)
	if err != nil {
		return ""
	}
	var ks []int
	var what []string
	for _, r := range recs {
		st := r["JobState"]
		k, err := strconv.Atoi(r["ArrayTaskId"])
		if err != nil || !finished(st) || st == "COMPLETED" {
			continue
		}
		ks = append(ks, k)
		what = append(what, fmt.Sprintf("task %d %s (exit %s, log %s)", k, st, r["ExitCode"],
			strings.ReplaceAll(j.shardLog(arrayID), "%a", strconv.Itoa(k))))
	}
	if len(ks) == 0 {
		return ""
	}
	sort.Ints(ks)
	list := strings.Trim(strings.ReplaceAll(fmt.Sprint(ks), " ", ","), "[]")
	return fmt.Sprintf("%s; resubmit with `sbatch --array=%s %s`, then run `%s merge --out %s %s` "+
		"(or run this command again: finished runs are reused)",
		strings.Join(what, ", "), list, j.shardScript(), j.bin, shellQuote(j.out), shellJoin(j.mergeArg))
}

func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=,:+@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func shellJoin(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellQuote(a)
	}
	return strings.Join(q, " ")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
