package batsim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/generators/trace"
)

// Profile type names, as Batsim 4 writes them; Batsim 5's names are read
// too.
const (
	Delay               = "delay"
	ParallelHomogeneous = "parallel_homogeneous"
)

// Workload is a Batsim workload as read: its jobs in file order and its
// profiles by name.
type Workload struct {
	Name     string // the file's base name, for messages
	NbRes    int    // the resources it was made for; 0 when the file gives none
	Jobs     []Job
	Profiles map[string]Profile
}

// Job is one entry of "jobs".
type Job struct {
	ID       int     // "id", a number or a string holding one (after a "workload!" prefix)
	Subtime  float64 // "subtime", seconds
	Res      int     // "res"
	Profile  string  // "profile"
	Walltime float64 // "walltime"; -1 when absent
	Line     int     // the line the job starts on
}

// Profile is one entry of "profiles".
type Profile struct {
	Type     string
	Delay    float64
	CPU      float64
	Com      float64
	Strategy string
	Line     int
	hasDelay bool
	hasCPU   bool
}

// IsWorkload reports whether a file name announces a Batsim workload:
// .json, optionally .gz.
func IsWorkload(path string) bool {
	base := strings.TrimSuffix(strings.ToLower(filepath.Base(path)), ".gz")
	return strings.HasSuffix(base, ".json")
}

// ReadFile reads the workload at path (gzip-compressed or not).
func ReadFile(path string) (*Workload, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := trace.NotDir(f, path, "a Batsim workload"); err != nil {
		return nil, err
	}
	size := trace.TextSize(f) // the bytes expected
	br := bufio.NewReader(f)
	var r io.Reader = br
	name := filepath.Base(path)
	if trace.IsGzip(br) {
		zr, err := trace.NewGunzip(br)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		defer zr.Close()
		r = zr
	}
	b, err := readAll(r, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return Read(b, name)
}

// readAll is io.ReadAll into a buffer of size bytes first (a guess: it
// grows if the reader gives more). A workload of 400,000 jobs is 44 MB
// of JSON: io.ReadAll, from 512 bytes, copied it twenty times as it grew,
// and a collection under way cannot stop the goroutine in such a copy,
// which it signalled again and again (see sim.CloneJobs): reading took
// more CPU than parsing. (A bytes.Buffer grown to the size first and
// filled by ReadFrom is no shorter to run: its Grow copies a zeroed slice
// of the whole size in, and simulate on that workload took 3.5 s of CPU
// against 2.85 s, 3 runs each.)
func readAll(r io.Reader, size int64) ([]byte, error) {
	b := make([]byte, 0, max(size, 0)+1) // +1: the read that finds the end needs room
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// Read parses a workload; name goes into every error with the line.
func Read(b []byte, name string) (*Workload, error) {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	w, ok := readFast(b, name)
	if !ok {
		var err error
		if w, err = readDecoder(b, name); err != nil {
			return nil, err
		}
	}
	if err := checkIDs(w); err != nil {
		return nil, err
	}
	return w, nil
}

// readDecoder is Read with encoding/json's decoder: every workload the
// fast reader leaves to it, and every error's wording.
func readDecoder(b []byte, name string) (*Workload, error) {
	p := parser{b: b, name: name, dec: json.NewDecoder(bytes.NewReader(b))}
	p.dec.UseNumber()
	w, err := p.workload()
	if err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, fmt.Errorf("%s:%d: not JSON: %v", name, p.lineAt(se.Offset-1), se)
		case errors.As(err, &te):
			return nil, fmt.Errorf("%s:%d: %s is a %s, want a %s", name, p.lineAt(te.Offset-1), te.Field, te.Value, te.Type)
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			return nil, fmt.Errorf("%s:%d: the JSON ends early (file cut short?)", name, p.lineAt(int64(len(b))))
		case !errors.As(err, new(located)):
			return nil, fmt.Errorf("%s:%d: %v", name, p.lineAt(p.dec.InputOffset()), err)
		}
		return nil, err
	}
	return w, nil
}

type parser struct {
	b    []byte
	name string
	dec  *json.Decoder
	// seen is the line of byte at, the last that lineAt was asked for:
	// the parser asks for the line of every job and profile, in order,
	// and counting from the file's start each time made reading a
	// workload of 400,000 jobs take five minutes.
	seen int
	at   int64
}

// lineAt returns the 1-based line of byte off, counting on from the last
// byte asked for when off is not before it.
func (p *parser) lineAt(off int64) int {
	off = max(0, min(off, int64(len(p.b))))
	if off < p.at || p.seen == 0 {
		p.seen, p.at = 1, 0
	}
	p.seen += bytes.Count(p.b[p.at:off], []byte("\n"))
	p.at = off
	return p.seen
}

// nextLine returns the line of the next value the decoder reads: the first
// byte after its offset that is not white space, a comma or a colon.
func (p *parser) nextLine() int {
	off := p.dec.InputOffset()
	for off < int64(len(p.b)) && strings.IndexByte(" \t\r\n,:", p.b[off]) >= 0 {
		off++
	}
	return p.lineAt(off)
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return located{fmt.Errorf("%s:%d: %s", p.name, line, fmt.Sprintf(format, args...))}
}

// located is an error that names the file and line already (errorf):
// Read places any other on the line the decoder reached.
type located struct{ error }

func (p *parser) delim(want json.Delim, what string) error {
	line := p.nextLine()
	t, err := p.dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return p.errorf(line, "%s must be a JSON %s", what, map[json.Delim]string{'{': "object", '[': "array"}[want])
	}
	return nil
}

func (p *parser) workload() (*Workload, error) {
	w := &Workload{Name: p.name, Profiles: map[string]Profile{}}
	if err := p.delim('{', "a Batsim workload"); err != nil {
		return nil, err
	}
	var seenJobs, seenProfiles bool
	for p.dec.More() {
		t, err := p.dec.Token()
		if err != nil {
			return nil, err
		}
		key := t.(string)
		switch key {
		case "nb_res":
			line := p.nextLine()
			var raw json.RawMessage
			if err := p.dec.Decode(&raw); err != nil {
				return nil, err
			}
			n, err := number(raw)
			if err != nil {
				return nil, p.errorf(line, "nb_res %v", err)
			}
			v, err := strconv.Atoi(n.String())
			if err != nil || v < 1 {
				return nil, p.errorf(line, "nb_res %s: want a whole number of resources, at least 1", n)
			}
			w.NbRes = v
		case "jobs":
			seenJobs = true
			if err := p.jobs(w); err != nil {
				return nil, err
			}
		case "profiles":
			seenProfiles = true
			if err := p.profiles(w); err != nil {
				return nil, err
			}
		default:
			var skip json.RawMessage
			if err := p.dec.Decode(&skip); err != nil {
				return nil, err
			}
		}
	}
	if _, err := p.dec.Token(); err != nil {
		return nil, err
	}
	if !seenJobs || !seenProfiles {
		return nil, p.errorf(1, "a Batsim workload needs \"jobs\" and \"profiles\" (see https://batsim.readthedocs.io, Workload)")
	}
	if _, err := p.dec.Token(); err != io.EOF {
		return nil, p.errorf(p.nextLine(), "text after the workload's closing brace")
	}
	return w, nil
}

func (p *parser) jobs(w *Workload) error {
	if err := p.delim('[', `"jobs"`); err != nil {
		return err
	}
	for p.dec.More() {
		line := p.nextLine()
		var raw struct {
			ID       json.RawMessage
			Subtime  json.RawMessage
			Res      json.RawMessage
			Profile  *string
			Walltime json.RawMessage
		}
		if err := p.dec.Decode(&raw); err != nil {
			return err
		}
		j := Job{Line: line, Walltime: -1}
		var err error
		if j.ID, err = jobID(raw.ID); err != nil {
			return p.errorf(line, "%v", err)
		}
		switch {
		case raw.Subtime == nil:
			return p.errorf(line, "job %d has no subtime", j.ID)
		case raw.Res == nil:
			return p.errorf(line, "job %d has no res", j.ID)
		case raw.Profile == nil:
			return p.errorf(line, "job %d has no profile", j.ID)
		}
		if j.Subtime, err = secondsIn(raw.Subtime); err != nil {
			return p.errorf(line, "job %d: subtime %v", j.ID, err)
		}
		res, err := number(raw.Res)
		if err != nil {
			return p.errorf(line, "job %d: res %v", j.ID, err)
		}
		if j.Res, err = strconv.Atoi(res.String()); err != nil {
			return p.errorf(line, "job %d: res %s is not a whole number", j.ID, res)
		}
		j.Profile = *raw.Profile
		if raw.Walltime != nil {
			if j.Walltime, err = secondsIn(raw.Walltime); err != nil {
				return p.errorf(line, "job %d: walltime %v", j.ID, err)
			}
			if !validWalltime(j.Walltime) {
				return p.errorf(line, "job %d: walltime %s: Batsim takes -1 (no limit) or a time > 0; write -1, or leave walltime out, for a job without a limit, else its requested time in seconds", j.ID, raw.Walltime)
			}
		}
		w.Jobs = append(w.Jobs, j)
	}
	_, err := p.dec.Token()
	return err
}

// validWalltime reports whether x is a walltime Batsim takes: -1 (no
// limit) or a time > 0. (Any other was read as no limit, so a job of
// walltime 0, which Batsim refuses, ran unbounded here.)
func validWalltime(x float64) bool { return x == -1 || x > 0 }

// jobID reads a job id: a whole number, or a string holding one, after a
// "workload!" prefix as Batsim writes ids in its messages.
func jobID(raw json.RawMessage) (int, error) {
	if raw == nil {
		return 0, errors.New("a job has no id")
	}
	s := string(raw)
	if len(s) > 0 && s[0] == '"' {
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, err
		}
		if _, after, ok := strings.Cut(s, "!"); ok {
			s = after
		}
	}
	id, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("job id %s: gridbench numbers jobs by integers; give ids such as 1 or \"w0!1\"", raw)
	}
	return id, nil
}

// number reads a JSON number (a number in quotes, or any other value, is
// an error saying so).
func number(raw json.RawMessage) (json.Number, error) {
	var n json.Number
	if bytes.HasPrefix(raw, []byte(`"`)) {
		return "", fmt.Errorf("%s is a string: write the number without quotes", raw)
	}
	if err := json.Unmarshal(raw, &n); err != nil || n == "" {
		return "", fmt.Errorf("%s is not a number", raw)
	}
	return n, nil
}

// finiteIn reads a JSON number that fits a float64.
func finiteIn(raw json.RawMessage) (float64, error) {
	n, err := number(raw)
	if err != nil {
		return 0, err
	}
	return finite(n)
}

func finite(n json.Number) (float64, error) {
	x, err := n.Float64()
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, fmt.Errorf("%s is not a finite number", n)
	}
	return x, nil
}

// secondsIn reads a time in seconds: a JSON number within
// ±trace.MaxSeconds, the limit the SWF and GWF readers put on every time
// field (a subtime of 1e300 gave a schedule whose every time was 1e300
// and a utilisation of NaN).
func secondsIn(raw json.RawMessage) (float64, error) {
	n, err := number(raw)
	if err != nil {
		return 0, err
	}
	return seconds(n)
}

func seconds(n json.Number) (float64, error) {
	x, err := finite(n)
	if err == nil && !inLimit(x) {
		err = fmt.Errorf("%s is %s", n, beyondLimit)
	}
	return x, err
}

// inLimit reports whether a time x is within ±trace.MaxSeconds.
func inLimit(x float64) bool { return math.Abs(x) <= trace.MaxSeconds }

// beyondLimit words a time beyond ±trace.MaxSeconds, as the SWF reader does.
var beyondLimit = fmt.Sprintf("beyond the limit of %g s (about 126 years) for a time", float64(trace.MaxSeconds))

func (p *parser) profiles(w *Workload) error {
	if err := p.delim('{', `"profiles"`); err != nil {
		return err
	}
	for p.dec.More() {
		t, err := p.dec.Token()
		if err != nil {
			return err
		}
		name := t.(string)
		line := p.nextLine()
		var raw map[string]json.RawMessage
		if err := p.dec.Decode(&raw); err != nil {
			return err
		}
		var pr Profile
		pr.Line = line
		for key, dst := range map[string]*float64{"delay": &pr.Delay, "cpu": &pr.CPU, "com": &pr.Com} {
			v, ok := raw[key]
			if !ok {
				continue
			}
			var n json.Number
			if err := json.Unmarshal(v, &n); err != nil {
				// Batsim's ParallelTask profiles give arrays here; the
				// type check below names them.
				continue
			}
			x, err := finite(n)
			if err == nil && key == "delay" && !inLimit(x) {
				err = fmt.Errorf("%s s is %s", n, beyondLimit)
			}
			if err != nil {
				return p.errorf(line, "profile %q: %s %v", name, key, err)
			}
			*dst = x
			pr.hasDelay = pr.hasDelay || key == "delay"
			pr.hasCPU = pr.hasCPU || key == "cpu"
		}
		json.Unmarshal(raw["type"], &pr.Type)
		json.Unmarshal(raw["generation_strategy"], &pr.Strategy)
		if err := pr.zeroDelay(name); err != nil {
			return p.errorf(line, "%v", err)
		}
		if _, dup := w.Profiles[name]; dup {
			return p.errorf(line, "profile %q is defined twice", name)
		}
		w.Profiles[name] = pr
	}
	_, err := p.dec.Token()
	return err
}

// zeroDelay refuses a delay profile of 0 s, which Batsim refuses ("delay"
// must be > 0): workload convert wrote one for the jobs of no run time
// before it gave them ZeroProfile.
func (pr Profile) zeroDelay(name string) error {
	if (pr.Type == Delay || pr.Type == "DelayProfile") && pr.hasDelay && pr.Delay == 0 {
		return fmt.Errorf("profile %q: delay 0: Batsim refuses a delay profile of 0 s; reconvert the workload with gridbench workload convert, "+
			"which gives the jobs of no run time the profile %q (%s, cpu 0, com 0), or give them such a profile", name, ZeroProfile, ParallelHomogeneous)
	}
	return nil
}

// Run returns how long a job of res resources using the profile runs, at
// speed flop/s per resource for a parallel_homogeneous profile.
func (pr Profile) Run(res int, speed float64) (float64, error) {
	switch pr.Type {
	case Delay, "DelayProfile":
		if !pr.hasDelay || pr.Delay < 0 {
			return 0, fmt.Errorf("a %s profile needs \"delay\", seconds >= 0", pr.Type)
		}
		return pr.Delay, nil
	case ParallelHomogeneous, "ParallelTaskHomogeneousProfile":
		switch {
		case !pr.hasCPU || pr.CPU < 0:
			return 0, fmt.Errorf("a %s profile needs \"cpu\", flops >= 0", pr.Type)
		case pr.Com != 0:
			return 0, fmt.Errorf("com = %g bytes: gridbench has no network model, so it reads %s profiles of com 0 only", pr.Com, pr.Type)
		case pr.Strategy != "" && pr.Strategy != "DefinedAmountsUsedForEachValue" && pr.Strategy != "DefinedAmountsSpreadUniformly":
			return 0, fmt.Errorf("generation_strategy %q: want DefinedAmountsUsedForEachValue or DefinedAmountsSpreadUniformly", pr.Strategy)
		case pr.CPU == 0:
			return 0, nil // at any speed (ZeroProfile: a job of no run time, as Batsim takes no delay of 0)
		case !(speed > 0):
			return 0, fmt.Errorf("a %s profile runs cpu / speed seconds: give the CPU speed in flop/s (simulate --speed, a study workload's batsim_speed)", pr.Type)
		}
		run := pr.CPU / speed
		if pr.Strategy == "DefinedAmountsSpreadUniformly" {
			run = pr.CPU / float64(max(res, 1)) / speed
		}
		if !inLimit(run) {
			return 0, fmt.Errorf("cpu %g flops at %g flop/s is %g s, %s: give the CPU speed in flop/s (simulate --speed, a study workload's batsim_speed)", pr.CPU, speed, run, beyondLimit)
		}
		return run, nil
	}
	return 0, fmt.Errorf("its type %q gives no run time gridbench can use: it reads %s (DelayProfile) and %s (ParallelTaskHomogeneousProfile) without communication", pr.Type, Delay, ParallelHomogeneous)
}

// TraceJobs returns the workload's jobs as trace records (TraceJob), in
// file order, with each job's profile name beside it.
func (w *Workload) TraceJobs(speed float64) ([]trace.Job, []string, error) {
	jobs := make([]trace.Job, len(w.Jobs))
	names := make([]string, len(w.Jobs))
	for i, j := range w.Jobs {
		var err error
		if jobs[i], err = w.TraceJob(i, speed); err != nil {
			return nil, nil, err
		}
		names[i] = j.Profile
	}
	return jobs, names, nil
}

// TraceJob returns job i as a trace record: the run time from its profile
// (at speed, for parallel_homogeneous), processors res, requested time
// the walltime (-1 when none), and every field Batsim has no counterpart
// for -1. A job whose profile is missing or of another type is an error
// naming the job's line. (A loader that keeps some of the jobs reads them
// one by one, rather than all of them as records first: a record is some
// 150 bytes, 68 MB for 447,794 jobs.)
func (w *Workload) TraceJob(i int, speed float64) (trace.Job, error) {
	j := &w.Jobs[i]
	pr, ok := w.Profiles[j.Profile]
	if !ok {
		return trace.Job{}, fmt.Errorf("%s:%d: job %d uses profile %q, which \"profiles\" does not define", w.Name, j.Line, j.ID, j.Profile)
	}
	run, err := pr.Run(j.Res, speed)
	if err != nil {
		return trace.Job{}, fmt.Errorf("%s:%d: job %d uses profile %q (line %d): %v", w.Name, j.Line, j.ID, j.Profile, pr.Line, err)
	}
	return trace.Job{
		ID: j.ID, Submit: j.Subtime, Wait: -1, Run: run, Procs: j.Res, AvgCPU: -1, Mem: -1,
		ReqProcs: j.Res, ReqTime: j.Walltime, ReqMem: -1, Status: -1, User: -1, Group: -1,
		Exe: -1, Queue: -1, Partition: -1, Preceding: -1, Think: -1, Line: j.Line,
	}, nil
}
