package analysis

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/gridbench/gridbench/internal/atomicfile"
)

// Header is the first line of every runs.csv.
var Header = []string{"experiment", "workload", "algorithm", "rep", "seed", "metric", "value"}

// Record is one measured value of one run.
//
// Seed is the seed of the run's workload instance, derived from
// (experiment, workload, rep): every algorithm of one repetition sees the same
// instance, which is what makes comparisons across algorithms paired.
type Record struct {
	Experiment string
	Workload   string
	Algorithm  string
	Rep        int
	Seed       uint64
	Metric     string
	Value      float64
}

// RunKey identifies the run a record belongs to.
type RunKey struct {
	Experiment, Workload, Algorithm string
	Rep                             int
}

// Key returns the identity of the run that produced r.
func (r Record) Key() RunKey { return RunKey{r.Experiment, r.Workload, r.Algorithm, r.Rep} }

// String renders a run key as experiment/workload/algorithm/rep.
func (k RunKey) String() string {
	return fmt.Sprintf("%s/%s/%s/%d", k.Experiment, k.Workload, k.Algorithm, k.Rep)
}

// FormatValue renders a float with full precision, the shortest form that
// reads back to the same bits.
func FormatValue(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// AppendValue appends FormatValue's text of v to b.
func AppendValue(b []byte, v float64) []byte { return strconv.AppendFloat(b, v, 'g', -1, 64) }

func (r Record) fields() []string {
	return []string{r.Experiment, r.Workload, r.Algorithm, strconv.Itoa(r.Rep),
		strconv.FormatUint(r.Seed, 10), r.Metric, FormatValue(r.Value)}
}

// Writer writes records as CSV.
type Writer struct {
	w      *csv.Writer
	header bool
}

// NewWriter returns a Writer that emits the header before the first record.
func NewWriter(w io.Writer) *Writer { return &Writer{w: csv.NewWriter(w)} }

// Write writes records; call Flush when done.
func (w *Writer) Write(recs ...Record) error {
	if !w.header {
		w.header = true
		if err := w.w.Write(Header); err != nil {
			return err
		}
	}
	for _, r := range recs {
		// An infinite metric is an overflow and NaN an undefined value,
		// never a measurement: a metric undefined for a run is left out.
		if math.IsInf(r.Value, 0) || math.IsNaN(r.Value) {
			return fmt.Errorf("run %s: metric %s is %v: not a measurement (an overflow or an undefined value); not written", r.Key(), r.Metric, r.Value)
		}
		if err := w.w.Write(r.fields()); err != nil {
			return err
		}
	}
	return nil
}

// Flush flushes buffered records and reports any write error.
func (w *Writer) Flush() error {
	if !w.header { // an empty table still gets its header
		if err := w.Write(); err != nil {
			return err
		}
	}
	w.w.Flush()
	return w.w.Error()
}

// WriteCSV writes a header and recs to w.
func WriteCSV(w io.Writer, recs []Record) error {
	cw := NewWriter(w)
	if err := cw.Write(recs...); err != nil {
		return err
	}
	return cw.Flush()
}

// Reader streams records from a runs.csv, Scanner style:
//
//	r := analysis.NewReader(f, "runs.csv")
//	for r.Next() { rec := r.Record() }
//	if err := r.Err(); err != nil { ... }
type Reader struct {
	name string
	cr   *csv.Reader
	tail *tailReader
	rec  Record
	line int
	err  error
	// Lenient makes Next stop quietly at a truncated or malformed line
	// instead of failing.
	Lenient bool
}

// NewReader returns a Reader over r; name is used in error messages.
func NewReader(r io.Reader, name string) *Reader {
	cr, tail := newCSVReader(r)
	cr.ReuseRecord = true
	return &Reader{name: name, cr: cr, tail: tail}
}

// newCSVReader returns a CSV reader over r that accepts any number of
// fields per line, and the tailReader below it, which says whether the
// line just read was cut short.
func newCSVReader(r io.Reader) (*csv.Reader, *tailReader) {
	tail := &tailReader{r: r}
	br := bufio.NewReader(tail)
	skipBOM(br)
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1
	return cr, tail
}

// tailReader remembers the last byte read and whether the end was
// reached. Every line gridbench writes ends with a newline, so a last line
// without one is a file cut short (a copy interrupted, a disk full): its
// last value may be cut too ("842.02666" of "842.026661"), and reading it
// as complete would turn an error into a shorter input.
type tailReader struct {
	r    io.Reader
	last byte
	eof  bool
	any  bool // a byte was read
}

func (t *tailReader) Read(p []byte) (int, error) {
	if t.eof {
		return 0, io.EOF
	}
	n, err := t.r.Read(p)
	if n > 0 {
		t.last, t.any = p[n-1], true
		if err == io.EOF {
			// Data now, the end on the next call: the end is seen only
			// once the lines before it are read.
			err = nil
		}
	} else if err == io.EOF {
		t.eof = true
	}
	return n, err
}

// torn reports whether the line just read was the last and had no newline.
// The CSV reader asks for more data only when no complete line is left
// in its buffer, so the end is reached either past the last complete line
// or while reading a line without one.
func (t *tailReader) torn() bool { return t.eof && t.last != '\n' }

// nextLine reads the next line of cr: its fields and line number, or an
// error with the line number (a line cut short included); io.EOF at the
// end.
func nextLine(cr *csv.Reader, tail *tailReader) ([]string, int, error) {
	fields, err := cr.Read()
	if err == io.EOF {
		return nil, 0, err
	}
	var line int
	if pe := (*csv.ParseError)(nil); errors.As(err, &pe) {
		// No fields to ask the position of (FieldPos panicked on a quote
		// left open): the error has the line.
		line, err = pe.StartLine, pe.Err
	} else if len(fields) > 0 {
		line, _ = cr.FieldPos(0)
	}
	if err == nil && tail.torn() {
		err = errTorn
	}
	return fields, line, err
}

// errTorn is the error of a line cut short.
var errTorn = errors.New("the last line has no end of line: the file is cut short")

// Next advances to the next record and reports whether there is one.
func (r *Reader) Next() bool {
	if r.err != nil {
		return false
	}
	for {
		fields, line, err := nextLine(r.cr, r.tail)
		if err == io.EOF {
			if !r.tail.any && !r.Lenient {
				// gridbench writes the header line first, always.
				r.err = fmt.Errorf("%s: the file is empty, not even the header line: it was cut short", r.name)
			}
			return false
		}
		r.line = line
		if err != nil {
			if r.Lenient {
				return false
			}
			r.err = fmt.Errorf("%s:%d: %v", r.name, line, err)
			return false
		}
		if len(fields) == 1 && strings.TrimSpace(fields[0]) == "" {
			continue
		}
		if fields[0] == Header[0] {
			if !slices.Equal(fields, Header) {
				r.err = fmt.Errorf("%s:%d: a header line %q, want %q", r.name, line, strings.Join(fields, ","), strings.Join(Header, ","))
				return false
			}
			continue // header line (possibly repeated in an appended journal)
		}
		rec, err := parseRecord(fields)
		if err != nil {
			if r.Lenient {
				return false
			}
			r.err = fmt.Errorf("%s:%d: %v", r.name, line, err)
			return false
		}
		r.rec = rec
		return true
	}
}

// Record returns the current record.
func (r *Reader) Record() Record { return r.rec }

// Line returns the line the current record was read from, 1-based.
func (r *Reader) Line() int { return r.line }

// Err returns the first error met, with file and line.
func (r *Reader) Err() error { return r.err }

func parseRecord(f []string) (Record, error) {
	if len(f) != len(Header) {
		return Record{}, fmt.Errorf("expected %d fields (%s), found %d", len(Header), strings.Join(Header, ","), len(f))
	}
	rep, seed, err := parseRepSeed(f[3], f[4])
	if err != nil {
		return Record{}, err
	}
	v, err := strconv.ParseFloat(f[6], 64)
	if err != nil {
		return Record{}, fmt.Errorf("field value %q is not a number", f[6])
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		// gridbench never writes one (bench.Execute refuses it): the file
		// was edited, or written by something else.
		return Record{}, fmt.Errorf("field value %q is not a finite number", f[6])
	}
	return Record{f[0], f[1], f[2], rep, seed, f[5], v}, nil
}

// parseRepSeed reads the rep and seed fields that runs.csv and series.csv share.
func parseRepSeed(rep, seed string) (int, uint64, error) {
	r, err := strconv.Atoi(rep)
	if err != nil || r < 0 {
		return 0, 0, fmt.Errorf("field rep %q is not a non-negative integer", rep)
	}
	s, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		return 0, 0, fmt.Errorf("field seed %q is not an unsigned integer", seed)
	}
	return r, s, nil
}

// ReadFile reads every record of a runs.csv.
func ReadFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Record
	r := NewReader(f, path)
	for r.Next() {
		out = append(out, r.Record())
	}
	return out, r.Err()
}

// WriteFileAtomic writes a file by writing a temporary file in the same
// directory and renaming it over path, so readers (and an interrupted run)
// never see a half-written file. It creates the directory if needed. It is
// internal/atomicfile's Write, for programs outside this module.
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	return atomicfile.Write(path, write)
}

// Select returns the values of the records matching the given workload,
// algorithm and metric, in record order.
func Select(recs []Record, workload, algorithm, metric string) []float64 {
	var out []float64
	for _, r := range recs {
		if r.Workload == workload && r.Algorithm == algorithm && r.Metric == metric {
			out = append(out, r.Value)
		}
	}
	return out
}
