package filestudy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/gridbench/gridbench/internal/adapt"
)

// File is a study file as written. Every key is optional unless said.
type File struct {
	Name  string `toml:"name"`  // required: the study's id (results/<name>/)
	Title string `toml:"title"` // one line for the report
	Reps  int    `toml:"reps"`  // default repetitions (--reps overrides); 10 if unset
	// Algorithms are registry names, "exec:COMMAND ARGS", or keys of Aliases.
	// A word of an exec: command that names a file beside the study file
	// is that file, as for traces (mine.py below); other words are kept
	// as written (a path from the working folder, a program on PATH). The
	// content of those files is part of each run's reuse key.
	Algorithms []string          `toml:"algorithms"`
	Aliases    map[string]string `toml:"aliases"` // short name -> algorithm, e.g. mine = "exec:python3 mine.py"
	// ExecTimeout is how long an exec: scheduler may take to answer one
	// message, a Go duration from "1ms" to "24h" (e.g. "2m"); unset, the
	// default 30s. The command line's --exec-timeout, when given, wins.
	// It is not part of the configuration hash: a run either answered in
	// time, and its results do not depend on the timeout, or failed and is
	// not in runs.csv.
	ExecTimeout string `toml:"exec_timeout" json:"-"`
	// Env names the environment variables an exec: scheduler reads (e.g.
	// env = ["MY_KNOB"]): the scheduler inherits gridbench's environment,
	// and the value each has (or that it is unset) is part of the key of
	// every run of an exec: scheduler (a built-in one reads none), as a
	// SHA-256 so that the manifest shows no value.
	Env       []string   `toml:"env" json:",omitempty"`
	Metrics   []string   `toml:"metrics"` // reported metrics; default: all of Metrics
	Workloads []Workload `toml:"workload"`
	Claims    []Claim    `toml:"claim"`

	// JobsOut, "evalys" or "short", writes each run of a space-shared
	// workload (trace, deadline, lublin) as a jobs file, in that format
	// (internal/jobsout), under results/<name>/jobs/. Unset, none is
	// written, and the configuration hash is what it was without the key.
	JobsOut string `toml:"jobs_out" json:",omitempty"`
}

// Workload is one [[workload]] table.
type Workload struct {
	Kind string `toml:"kind"` // required: "trace", "deadline", "lublin", "etc" or "timeshare" (the rows of kinds)
	Name string `toml:"name"` // the workload's id in runs.csv; derived when empty

	// kind = "trace": repetition r simulates the r-th window of Jobs valid
	// jobs (or Percent % of the trace's valid jobs) after Start, on one
	// machine of CPUs CPUs; submit times are shifted so the window starts
	// at 0.
	Trace    string  `toml:"trace"` // a file below the data root, or a path relative to the study file
	CPUs     int     `toml:"cpus"`
	Jobs     int     `toml:"jobs"`
	Percent  float64 `toml:"percent"`
	Start    int     `toml:"start"`
	Estimate string  `toml:"estimate"` // "requested" (default) or "runtime"

	// BatsimSpeed is the flop/s at which a Batsim workload's
	// parallel_homogeneous profiles run (cpu / speed seconds); a trace
	// that is a Batsim workload of delay profiles needs none.
	BatsimSpeed float64 `toml:"batsim_speed" json:",omitempty"`

	// kind = "deadline": generators/jobstream's stream; unset parameters
	// keep the generator's defaults. Repetition r draws a fresh instance
	// from the run's seed.
	MeanInterArrival float64  `toml:"mean_inter_arrival"`
	Machines         int      `toml:"machines"`
	MachineCPUsMax   int      `toml:"machine_cpus_max"`
	SpeedMin         float64  `toml:"speed_min"`
	SpeedMax         float64  `toml:"speed_max"`
	RefSpeed         float64  `toml:"ref_speed"`
	RunMin           float64  `toml:"run_min"`
	RunMax           float64  `toml:"run_max"`
	JobCPUsMax       int      `toml:"job_cpus_max"`
	DeadlineShare    *float64 `toml:"deadline_share"`
	SlackMin         float64  `toml:"slack_min"`
	SlackMax         float64  `toml:"slack_max"`
	// Jobs (above) is the stream's length for deadline workloads too.

	// kind = "etc": ETC instances for the immediate-mode heuristics.
	// Without Files, repetition r is a fresh instance of jobs × machines
	// (default 512 × 16) drawn by generators/etc from the run's seed; the
	// fields below are the generator's (zero: its defaults). With Files,
	// repetition r reads Files[r] (Braun's format; jobs and machines give
	// the size of header-less files).
	Files                []string `toml:"files" json:",omitempty"`
	Method               string   `toml:"method" json:",omitempty"`                // "range" (default) or "cvb"
	Consistency          string   `toml:"consistency" json:",omitempty"`           // "c", "s" or "i"
	TaskHeterogeneity    string   `toml:"task_heterogeneity" json:",omitempty"`    // "hi" or "lo"
	MachineHeterogeneity string   `toml:"machine_heterogeneity" json:",omitempty"` // "hi" or "lo"
	RTask                float64  `toml:"r_task" json:",omitempty"`
	RMach                float64  `toml:"r_mach" json:",omitempty"`
	VTask                float64  `toml:"v_task" json:",omitempty"`
	VMach                float64  `toml:"v_mach" json:",omitempty"`
	MeanTask             float64  `toml:"mean_task" json:",omitempty"`

	// kind = "timeshare": repetition r deals the r-th window of Jobs valid
	// jobs (or Percent %) of Trace after Start round-robin to Slaves
	// single-CPU slaves, as the roundrobin study does; Quantum is RR's and
	// PLRR's time slice (default 50 s).
	Slaves  int     `toml:"slaves" json:",omitempty"`
	Quantum float64 `toml:"quantum" json:",omitempty"`

	// kind = "lublin": repetition r draws Jobs jobs from the Lublin &
	// Feitelson (2003) model (generators/lublin) scaled to one machine of
	// CPUs CPUs, seeded by the run's identity; Typeless draws every job
	// from the all-jobs parameters instead of interactive and batch
	// streams. Schedulers see exact run times (the model has no requests).
	Typeless bool `toml:"typeless" json:",omitempty"`

	// Params holds the keys of a kind that reads keys of its own, beyond
	// the fields above (see ownKeys in kind.go); nil for the built-in
	// kinds, which read none.
	Params any `toml:"-" json:",omitempty"`

	// skipped counts the trace's jobs the loader left out up to the end
	// of the last window (wider than cpus, say), once planned: the page
	// and the progress say so. Not a key (unexported: no part of the
	// configuration), but read from the trace, an input.
	skipped adapt.Skipped
	// written holds the keys the file gives this workload, as written
	// (nil when it was not read from a file): a key whose 0 means its
	// default is told from a key left out by it. Unexported: no part of
	// the configuration.
	written map[string]any `toml:"-"`
}

// Claim is one [[claim]]: "Algorithm is Direction than Baseline on Metric
// in every workload" (or in Workload only), tested per workload with a
// paired Wilcoxon test over the repetitions, Holm-adjusted across the
// workloads of the claim.
type Claim struct {
	Algorithm string `toml:"algorithm"`
	Baseline  string `toml:"baseline"`
	Metric    string `toml:"metric"`
	Direction string `toml:"direction"` // "lower" or "higher"
	Workload  string `toml:"workload"`  // one workload's name; empty: every workload
}

// Load reads and checks a study file. Errors name the file, the line when
// known, and the key.
func Load(path string) (*Study, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f File
	md, err := toml.Decode(string(b), &f)
	if ke := mistyped(string(b)); ke != nil {
		// The decoder's error for it is text alone, and it skips some
		// (aliases = "x") without one.
		err = ke
	}
	var set []map[string]any
	if err == nil {
		set, err = f.decodeOwnKeys(string(b))
	}
	if err != nil {
		return nil, decodeError(path, b, err)
	}
	for _, u := range md.Undecoded() {
		if f.isOwnKey(u, set) {
			continue
		}
		s := &Study{path: path, text: b}
		err := unknownKey(string(b), u)
		if _, ok := err.(*KeyError); ok {
			return nil, s.locate(err)
		}
		return nil, fmt.Errorf("%s:%d: %w", path, keyLine(b, u[len(u)-1]), err)
	}
	// The folder is absolute: the files it holds are the runs' inputs,
	// keyed by their paths, and a study run from another folder once
	// recomputed its exec: runs (input /s1/cons.py was not recorded with
	// them), then again from its own (input cons.py ...).
	s := &Study{File: f, path: path, dir: absolute(filepath.Dir(path)), text: b, repsSet: md.IsDefined("reps")}
	if err := s.check(); err != nil {
		return nil, s.locate(err)
	}
	return s, nil
}

// decodeError says where the TOML decoder stopped, as file:line: key, or
// where a KeyError (a value of a type its key cannot take, see mistyped)
// lies in text.
func decodeError(path string, text []byte, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		// The parser quotes the text it stopped at, newlines included.
		msg := strings.ReplaceAll(pe.Message, "\n", `\n`)
		if pe.LastKey != "" {
			msg = "key " + pe.LastKey + ": " + msg
		}
		return fmt.Errorf("%s:%d: %s", path, pe.Position.Line, msg)
	}
	var ke *KeyError
	if errors.As(err, &ke) {
		return (&Study{path: path, text: text}).locate(ke)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// KeyError is an error in one key of a study file, built where it is
// found. Error reads "file:line: workload 2 (name): key cpus: ..." once
// Load or Plan has located it (File and Line set), and without the file
// before.
type KeyError struct {
	File  string   // the study file; "" until located
	Line  int      // the key's line (its table's header when the key is not written there); 0 when unknown
	Table string   // "workload" or "claim" for a key of an [[array]] entry; "" for a top-level key
	Index int      // the entry of Table, from 1
	Entry string   // the entry's name, shown after its index when given
	Keys  []string // the key, or the keys that conflict ("jobs", "percent"); an alias is "aliases.NAME"
	Err   error    // what is wrong with it
}

func (e *KeyError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
		}
		b.WriteString(": ")
	}
	if e.Table != "" {
		fmt.Fprintf(&b, "%s %d", e.Table, e.Index)
		if e.Entry != "" {
			fmt.Fprintf(&b, " (%s)", e.Entry)
		}
		b.WriteString(": ")
	}
	if len(e.Keys) > 1 {
		b.WriteString("keys ")
	} else {
		b.WriteString("key ")
	}
	fmt.Fprintf(&b, "%s: %v", strings.Join(e.Keys, "/"), e.Err)
	return b.String()
}

func (e *KeyError) Unwrap() error { return e.Err }

// keyErr returns an error in keys (one, or several that conflict), its
// message formatted as by fmt.Errorf.
func keyErr(keys string, format string, args ...any) *KeyError {
	return &KeyError{Keys: strings.Split(keys, "/"), Err: fmt.Errorf(format, args...)}
}

// inEntry places err in entry i (from 0) of the array table: an error in
// a top-level key becomes one in that entry's key; another error gets the
// entry as a prefix and, having no key, no line.
func inEntry(table string, i int, name string, err error) error {
	if ke, ok := err.(*KeyError); ok && ke.Table == "" {
		in := *ke
		in.Table, in.Index, in.Entry = table, i+1, name
		return &in
	}
	if name != "" {
		return fmt.Errorf("%s %d (%s): %w", table, i+1, name, err)
	}
	return fmt.Errorf("%s %d: %w", table, i+1, err)
}

// locate sets the file and the line of a KeyError, or prefixes another
// error with the file.
func (s *Study) locate(err error) error {
	ke, ok := err.(*KeyError)
	if !ok {
		return fmt.Errorf("%s: %w", s.path, err)
	}
	at := *ke
	at.File = s.path
	// The line of the first of the keys written in the file (of a min
	// and a max out of order, the one set), else its table's.
	header := 0
	if at.Table != "" {
		header = tableKeyLine(s.text, at.Table, at.Index, "") // (no key: the table's own line)
	}
	for i, key := range at.Keys {
		switch table, alias, ok := strings.Cut(key, "."); {
		case ok:
			at.Line = keyLineIn(s.text, table, alias) // aliases.NAME: the NAME line of [aliases]
		case at.Table != "":
			at.Line = tableKeyLine(s.text, at.Table, at.Index, key)
		default:
			// A top-level key: name is a workload's key too, and the
			// line of a workload's name once stood for a study's
			// missing one.
			at.Line = keyLineIn(s.text, "", key)
		}
		if at.Line != header || i == len(at.Keys)-1 {
			break
		}
	}
	return &at
}

// tableKeyLine returns the line of key in the n-th [[table]] (1-based), or
// the line of that table's header when the key is not written there.
func tableKeyLine(b []byte, table string, n int, key string) int {
	header := regexp.MustCompile(`^\s*\[\[\s*` + regexp.QuoteMeta(table) + `\s*\]\]`)
	anyHeader := regexp.MustCompile(`^\s*\[`)
	keyRE := regexp.MustCompile(`^\s*"?` + regexp.QuoteMeta(key) + `"?\s*=`)
	seen, start := 0, 0
	for i, l := range strings.Split(string(b), "\n") {
		switch {
		case header.MatchString(l):
			seen++
			if seen == n {
				start = i + 1
			} else if seen > n {
				return start
			}
		case seen == n && anyHeader.MatchString(l):
			return start
		case seen == n && keyRE.MatchString(l):
			return i + 1
		}
	}
	return start
}

// keyLineIn returns the line that sets key in the table [table] (the top
// level, before any table, when table is ""), or else the first line that
// opens a table of that name ([key] or [[key]]), or 0.
func keyLineIn(b []byte, table, key string) int {
	q := regexp.QuoteMeta(key)
	set := regexp.MustCompile(`^\s*"?` + q + `"?\s*=`)
	opens := regexp.MustCompile(`^\s*\[\[?\s*"?` + q + `"?\s*\]\]?`)
	named := regexp.MustCompile(`^\s*\[\s*"?` + regexp.QuoteMeta(table) + `"?\s*\]`) // [table], not [[table]]
	in := table == ""
	for i, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "[") {
			in = table != "" && named.MatchString(l)
			continue
		}
		if in && set.MatchString(l) {
			return i + 1
		}
	}
	for i, l := range strings.Split(string(b), "\n") {
		if opens.MatchString(l) {
			return i + 1
		}
	}
	return 0
}

// keyLine returns the first line that sets key, or opens a table of that
// name ([key] or [[key]]), or 0.
func keyLine(b []byte, key string) int {
	q := regexp.QuoteMeta(key)
	re := regexp.MustCompile(`^\s*(("?)` + q + `("?)\s*=|\[\[?\s*"?` + q + `"?\s*\]\]?)`)
	for i, l := range strings.Split(string(b), "\n") {
		if re.MatchString(l) {
			return i + 1
		}
	}
	return 0
}
