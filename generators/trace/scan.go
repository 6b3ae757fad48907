package trace

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
)

// ParseError reports a malformed trace line. Its message names the file and
// line, what is wrong and what a valid line looks like.
type ParseError struct {
	File   string
	Line   int    // 1-based
	Field  int    // 1-based column, 0 when the whole line is at fault
	Column string // column name, "" when Field is 0
	Value  string // offending text, "" when Field is 0
	Msg    string // what is wrong and how to fix it
}

func (e *ParseError) Error() string {
	if e.Field > 0 {
		return fmt.Sprintf("%s:%d: field %d (%s) %q %s", e.File, e.Line, e.Field, e.Column, e.Value, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// maxLine bounds one line; the longest real GWF/SWF lines are a few hundred
// bytes, so anything near this is not a trace.
const maxLine = 1 << 20

// Limits on what a trace may hold, generous for any archived log and small
// enough that every table sized by them fits in memory.
const (
	// MaxRecords bounds the job records of one trace (the largest archived
	// logs hold a few million).
	MaxRecords = 10_000_000
	// MaxSeconds bounds every time field (submit, wait, run, requested
	// time, average CPU, think time): about 126 years, so relative times
	// and Unix times up to 2096 both fit.
	MaxSeconds = 4e9
)

// lines is the line machinery both readers share: it skips blank lines,
// feeds comment lines to the header until the first record, and splits a
// record into whitespace-separated fields without allocating.
type lines struct {
	name   string
	sc     *bufio.Scanner
	line   int
	hdr    *Header
	inBody bool
	text   []byte   // the current record, from its first non-blank byte
	fields [][]byte // text's fields, once split
	err    error
	src    *readErr
	// records counts the record lines handed out, against MaxRecords.
	records int
}

// readErr remembers the source's first error other than io.EOF. A scanner
// hands out the text before a read error as a last line; when that text has
// no newline it is a line cut by the damage, and split refuses it, so a cut
// record never reaches the parser as a shorter number.
type readErr struct {
	r   io.Reader
	err error
}

func (e *readErr) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF && e.err == nil {
		e.err = err
	}
	return n, err
}

func newLines(r io.Reader, name string) lines {
	src := &readErr{r: r}
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		if atEOF && src.err != nil && bytes.IndexByte(data, '\n') < 0 {
			return 0, nil, src.err
		}
		return bufio.ScanLines(data, atEOF)
	})
	return lines{name: name, sc: sc, hdr: newHeader(), fields: make([][]byte, 0, 32), src: src}
}

// next advances to the next record line, l.text; split cuts it into
// l.fields.
func (l *lines) next() bool {
	if l.err != nil {
		return false
	}
	for l.sc.Scan() {
		l.line++
		b := l.sc.Bytes()
		i := 0
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r') {
			i++
		}
		if i == len(b) {
			continue
		}
		if b[i] == ';' || b[i] == '#' {
			// Comments after the first record are not header lines (some
			// converters append notes at the end); they are skipped.
			if !l.inBody {
				l.hdr.addLine(string(b[i+1:]))
			}
			continue
		}
		l.inBody = true
		l.text = b[i:]
		l.fields = l.fields[:0]
		if l.records++; l.records > MaxRecords {
			l.err = &ParseError{File: l.name, Line: l.line, Msg: fmt.Sprintf("more than %d job records: the limit is %d (MaxRecords); cut the trace", MaxRecords, MaxRecords)}
			return false
		}
		return true
	}
	if err := l.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			l.err = &ParseError{File: l.name, Line: l.line + 1, Msg: fmt.Sprintf("line longer than %d bytes: not a trace file?", maxLine)}
		} else {
			l.err = fmt.Errorf("%s:%d: %w", l.name, l.line+1, err)
		}
	}
	return false
}

// split cuts the current record into l.fields.
func (l *lines) split() { l.fields = splitFields(l.fields[:0], l.text) }

// splitFields appends the whitespace-separated fields of b to dst. Runs of
// spaces and tabs count as one separator, as in both formats' files.
func splitFields(dst [][]byte, b []byte) [][]byte {
	i := 0
	for i < len(b) {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i == len(b) {
			break
		}
		j := i
		for j < len(b) && !isSpace(b[j]) {
			j++
		}
		dst = append(dst, b[i:j])
		i = j
	}
	return dst
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

func (l *lines) fail(field int, column, msg string) {
	e := &ParseError{File: l.name, Line: l.line, Msg: msg}
	if field > 0 {
		e.Field, e.Column, e.Value = field, column, string(l.fields[field-1])
	}
	l.err = e
}

// num parses field i (1-based) as a number. The fast path handles the
// integers that make up almost every trace column without strconv, which
// keeps reading a 400,000-line trace well under a second.
func (l *lines) num(i int, column string) (float64, bool) {
	b := l.fields[i-1]
	if v, ok := ShortInt(b); ok {
		return float64(v), true
	}
	v, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		l.fail(i, column, "is not a number (write -1 for a missing value)")
		return 0, false
	}
	return v, true
}

// seconds parses field i as a time in seconds, within ±MaxSeconds.
func (l *lines) seconds(i int, column string) (float64, bool) {
	v, ok := l.num(i, column)
	if ok && math.Abs(v) > MaxSeconds {
		l.fail(i, column, fmt.Sprintf("is beyond the limit of %g s (about 126 years) for a time", float64(MaxSeconds)))
		return 0, false
	}
	return v, ok
}

// integer parses field i as a whole number; "3.0" is accepted, "2.5" is not.
func (l *lines) integer(i int, column string) (int, bool) {
	b := l.fields[i-1]
	if v, ok := ShortInt(b); ok {
		return int(v), true
	}
	v, ok := l.num(i, column)
	if !ok {
		return 0, false
	}
	if v != math.Trunc(v) || math.Abs(v) > 1<<53 {
		l.fail(i, column, "is not a whole number")
		return 0, false
	}
	return int(v), true
}

// fastInts parses b as exactly len(v) whitespace-separated fields, each
// one fastInt accepts (a sign and 1 to 15 digits), into v, in one pass and
// without splitting. It returns false for any other text, which the general
// path (split, then num and integer field by field) then reads, so it
// decides every value and every error, the same as without this path.
func fastInts(b []byte, v []int64) bool {
	i, n := 0, len(b)
	for k := range v {
		for i < n && isSpace(b[i]) {
			i++
		}
		if i == n {
			return false
		}
		neg := false
		if c := b[i]; c == '-' || c == '+' {
			neg = c == '-'
			i++
		}
		start := i
		var x int64
		for ; i < n && b[i]-'0' <= 9; i++ {
			x = x*10 + int64(b[i]-'0')
		}
		if d := i - start; d == 0 || d > 15 || i < n && !isSpace(b[i]) {
			return false
		}
		if neg {
			x = -x
		}
		v[k] = x
	}
	for i < n && isSpace(b[i]) {
		i++
	}
	return i == n
}

// ShortInt parses an optionally signed run of at most 15 decimal digits, which
// a float64 holds exactly. Anything else is left to strconv.
func ShortInt(b []byte) (int64, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 15 {
		return 0, false
	}
	var v int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// common parses fields 1–11, which SWF and GWF share in meaning and order
// (job, submit, wait, run, procs, average CPU, memory, requested procs,
// requested time, requested memory, status); columns names them for errors.
func (l *lines) common(j *Job, columns []string) bool {
	ok := true
	in := func(dst *int, i int) {
		if ok {
			*dst, ok = l.integer(i, columns[i-1])
		}
	}
	fl := func(dst *float64, i int) {
		if ok {
			*dst, ok = l.num(i, columns[i-1])
		}
	}
	sec := func(dst *float64, i int) {
		if ok {
			*dst, ok = l.seconds(i, columns[i-1])
		}
	}
	in(&j.ID, 1)
	sec(&j.Submit, 2)
	sec(&j.Wait, 3)
	sec(&j.Run, 4)
	in(&j.Procs, 5)
	sec(&j.AvgCPU, 6)
	fl(&j.Mem, 7)
	in(&j.ReqProcs, 8)
	sec(&j.ReqTime, 9)
	fl(&j.ReqMem, 10)
	in(&j.Status, 11)
	return ok
}
