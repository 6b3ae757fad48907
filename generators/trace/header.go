package trace

import (
	"strconv"
	"strings"
)

// Header holds a trace's comment header. SWF headers are "; Key: value"
// lines (Standard Workload Format 2.2); GWF headers are "#" lines parsed the
// same way. The common SWF keys are decoded into fields; every key is kept in
// Fields, in order of appearance, so nothing in a header is lost.
type Header struct {
	Version        string
	Computer       string
	Installation   string
	MaxJobs        int   // -1 when absent
	MaxRecords     int   // -1 when absent
	MaxProcs       int   // -1 when absent
	MaxNodes       int   // -1 when absent
	UnixStartTime  int64 // -1 when absent; SWF submit times count from it
	TimeZone       int   // seconds east of UTC (SWF "TimeZone"), 0 when absent
	TimeZoneString string
	StartTime      string
	EndTime        string
	Preemption     string
	Notes          []string

	// Fields maps each key to its values; repeated keys (Note, Queue,
	// Partition) keep one value per line. An indented comment line without
	// a key continues the previous value (joined with "\n").
	Fields map[string][]string
	// Keys lists the distinct keys in order of first appearance.
	Keys []string
	// Lines are the raw comment lines without the leading marker.
	Lines []string

	last string // key of the previous line, for continuations
}

func newHeader() *Header {
	return &Header{MaxJobs: -1, MaxRecords: -1, MaxProcs: -1, MaxNodes: -1, UnixStartTime: -1, Fields: map[string][]string{}}
}

// Get returns the first value of key, or "" when the header lacks it.
func (h *Header) Get(key string) string {
	if v := h.Fields[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// Has reports whether the header has key.
func (h *Header) Has(key string) bool { _, ok := h.Fields[key]; return ok }

// addLine parses one comment line with its marker (';' or '#') removed.
// Malformed header values never fail the read: a header is documentation,
// and a typo in "MaxProcs" must not hide 400,000 good job lines. A value that
// does not parse leaves the typed field at its default; the text stays in
// Fields.
func (h *Header) addLine(text string) {
	h.Lines = append(h.Lines, text)
	trimmed := strings.TrimSpace(text)
	if trimmed == "" {
		h.last = ""
		return
	}
	indent := len(text) - len(strings.TrimLeft(text, " \t"))
	key, val, ok := strings.Cut(trimmed, ":")
	if ok && indent <= 1 && isKey(key) {
		val = strings.TrimSpace(val)
		if _, seen := h.Fields[key]; !seen {
			h.Keys = append(h.Keys, key)
		}
		h.Fields[key] = append(h.Fields[key], val)
		h.last = key
		h.decode(key, val)
		return
	}
	// An indented line continues the previous key ("; Information: a" then
	// ";              b"); any other line (a column legend, prose) is kept
	// in Lines only.
	if h.last != "" && indent > 1 {
		vs := h.Fields[h.last]
		vs[len(vs)-1] += "\n" + trimmed
		if h.last == "Note" && len(h.Notes) > 0 {
			h.Notes[len(h.Notes)-1] += "\n" + trimmed
		}
		return
	}
	h.last = ""
}

// isKey accepts a single word of letters, digits, '_' or '-' ("MaxJobs",
// "UnixStartTime"), which rules out URLs and prose that happen to hold ':'.
func isKey(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func (h *Header) decode(key, val string) {
	atoi := func(dst *int) {
		if n, err := strconv.Atoi(firstWord(val)); err == nil {
			*dst = n
		}
	}
	switch key {
	case "Version":
		h.Version = val
	case "Computer":
		h.Computer = val
	case "Installation":
		h.Installation = val
	case "MaxJobs":
		atoi(&h.MaxJobs)
	case "MaxRecords":
		atoi(&h.MaxRecords)
	case "MaxProcs":
		atoi(&h.MaxProcs)
	case "MaxNodes":
		atoi(&h.MaxNodes)
	case "UnixStartTime":
		if n, err := strconv.ParseInt(firstWord(val), 10, 64); err == nil {
			h.UnixStartTime = n
		}
	case "TimeZone":
		atoi(&h.TimeZone)
	case "TimeZoneString":
		h.TimeZoneString = val
	case "StartTime":
		h.StartTime = val
	case "EndTime":
		h.EndTime = val
	case "Preemption":
		h.Preemption = val
	case "Note":
		h.Notes = append(h.Notes, val)
	}
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

// Capacity is the number of jobs to allocate room for when reading at most
// maxJobs jobs (all when maxJobs <= 0) of a trace with header h: the
// smaller of maxJobs and the header's MaxJobs, whichever are known, and at
// most 1<<22 so that a wrong header cannot reserve gigabytes. 0 means
// unknown: let the slice grow.
//
// Reading from a file, CapacityOf knows more.
func Capacity(h *Header, maxJobs int) int {
	n := -1
	if h != nil {
		n = h.MaxJobs
	}
	return capacity(n, maxJobs)
}

// capacity is Capacity for a trace of jobs jobs (< 0: unknown).
func capacity(jobs, maxJobs int) int {
	if maxJobs > 0 && (jobs < 0 || maxJobs < jobs) {
		jobs = maxJobs
	}
	return min(max(jobs, 0), 1<<22)
}

// bytesPerJob is what a job line takes at least on average in the traces
// a header without MaxJobs comes with: the SC'15 artefact's schedules
// (pyss's output) take 64–66 bytes a line, lublin_256.swf 65; the PWA's
// padded logs, which give MaxJobs, 92–114.
const bytesPerJob = 64

// CapacityOf is Capacity for the trace r reads: where its header gives no
// MaxJobs and r reads a file (Open), the jobs are estimated from the
// file's text, at bytesPerJob a job.
func CapacityOf(r Reader, maxJobs int) int {
	if h := r.Header(); h != nil && h.MaxJobs >= 0 {
		return capacity(h.MaxJobs, maxJobs)
	}
	est := -1
	if f, ok := r.(*fileReader); ok && f.file != nil {
		if n := TextSize(f.file); n > 0 {
			est = int(min(n/bytesPerJob, 1<<22))
		}
	}
	return capacity(est, maxJobs)
}
