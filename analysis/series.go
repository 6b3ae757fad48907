package analysis

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
)

// SeriesHeader is the first line of every series.csv, the tidy file beside
// runs.csv that holds what a run recorded over time (or along any other
// axis t): one row per sample.
var SeriesHeader = []string{"experiment", "workload", "algorithm", "rep", "seed", "series", "t", "value"}

// Point is one sample of a named series of one run: the value of Series at
// T. Runs write them in their own order; series.csv keeps plan order, then
// the run's.
type Point struct {
	Experiment string
	Workload   string
	Algorithm  string
	Rep        int
	Seed       uint64
	Series     string
	T, Value   float64
}

// Key returns the identity of the run that recorded p.
func (p Point) Key() RunKey { return RunKey{p.Experiment, p.Workload, p.Algorithm, p.Rep} }

// WriteSeriesCSV writes a header and pts to w.
//
// A study of many repetitions writes millions of points (12 M for 120,000
// runs), and the points of one series of one run come one after another:
// their first six fields are encoded once per series (by encoding/csv,
// which quotes them as it would a whole line) and each point adds its t
// and value, which need no quotes. The file is the one encoding/csv writes
// line by line, byte for byte (TestWriteSeriesCSVIsEncodingCSVs), in 0.37
// of the time (BenchmarkSeriesCSV: 178 ns a point against 485, medians
// of 5 on a 2-core Intel Xeon).
func WriteSeriesCSV(w io.Writer, pts []Point) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var enc prefixEncoder
	if _, err := bw.Write(enc.line(SeriesHeader)); err != nil {
		return err
	}
	var pre, line []byte
	for i := range pts {
		p := &pts[i]
		if i == 0 || !p.sameSeries(&pts[i-1]) {
			pre = enc.prefix(p.Experiment, p.Workload, p.Algorithm, strconv.Itoa(p.Rep), strconv.FormatUint(p.Seed, 10), p.Series)
		}
		line = append(line[:0], pre...)
		line = strconv.AppendFloat(line, p.T, 'g', -1, 64) // (as FormatValue)
		line = append(line, ',')
		line = strconv.AppendFloat(line, p.Value, 'g', -1, 64)
		line = append(line, '\n')
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// sameSeries reports whether p and q are points of one series of one run.
func (p *Point) sameSeries(q *Point) bool {
	return p.Experiment == q.Experiment && p.Workload == q.Workload && p.Algorithm == q.Algorithm &&
		p.Rep == q.Rep && p.Seed == q.Seed && p.Series == q.Series
}

// prefixEncoder encodes the first fields of a CSV line with encoding/csv.
type prefixEncoder struct {
	buf    bytes.Buffer
	cw     *csv.Writer
	fields []string
}

// line returns the CSV line of fields, its newline included; the bytes
// are the encoder's until its next call.
func (e *prefixEncoder) line(fields []string) []byte {
	if e.cw == nil {
		e.cw = csv.NewWriter(&e.buf)
	}
	e.buf.Reset()
	e.cw.Write(fields) // (into a bytes.Buffer, which does not fail)
	e.cw.Flush()
	return e.buf.Bytes()
}

// prefix returns the fields as the start of a CSV line, up to and with
// the comma before the next field: a line of them and one more field,
// empty, without its newline.
func (e *prefixEncoder) prefix(fields ...string) []byte {
	e.fields = append(append(e.fields[:0], fields...), "")
	b := e.line(e.fields)
	return b[:len(b)-1]
}

// ReadSeriesFile reads every point of a series.csv; a malformed line is an
// error naming the file and line.
func ReadSeriesFile(path string) ([]Point, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var size int64
	if st, err := f.Stat(); err == nil {
		size = st.Size()
	}
	return readSeries(f, path, size)
}

// EachPointInFile calls fn with every point of a series.csv in file
// order, for a reader that keeps them otherwise than in one slice, until
// fn returns an error, which it returns; a malformed line is an error
// naming the file and line, after fn had the points before it.
func EachPointInFile(path string, fn func(Point) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return eachPoint(f, path, func(p *Point, _ int, _ int64) error { return fn(*p) })
}

// ReadSeries reads the points of a series.csv from r; name is used in
// error messages.
func ReadSeries(r io.Reader, name string) ([]Point, error) { return readSeries(r, name, 0) }

// readSeries is ReadSeries for a file of size bytes (0: unknown).
//
// A study of many repetitions reads back millions of points (12 M for
// 120,000 runs, 0.9 GB), which come series by series: a point's names
// (experiment, workload, algorithm, series) are the previous point's
// strings when they are equal, so that the points do not keep each its
// own line's text (see eachPoint), and the points are counted ahead (the
// file's size over the bytes per line of the first lines) rather than
// grown from nothing: BenchmarkSeriesCSV/op=read takes 723 ns and
// allocates 199 bytes a point, against 1,116 ns and 705 bytes before
// (medians of 5, a 2-core Intel Xeon).
func readSeries(r io.Reader, name string, size int64) ([]Point, error) {
	var out []Point
	err := eachPoint(r, name, func(p *Point, line int, offset int64) error {
		if len(out) == 1000 && size > 0 {
			// Room for the rest at the first lines' length, and a tenth more.
			if perLine := offset / int64(line); perLine > 0 {
				out = slices.Grow(out, int(size/perLine+size/perLine/10))
			}
		}
		out = append(out, *p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachPoint calls fn with each point of the series.csv r, the line it is
// on and the bytes read up to its end, until fn returns an error. A
// point's names are the point before's strings where they are equal.
func eachPoint(r io.Reader, name string, fn func(p *Point, line int, offset int64) error) error {
	cr, tail := newCSVReader(r)
	cr.ReuseRecord = true
	var prev Point // the names of the point before
	for first := true; ; first = false {
		f, line, err := nextLine(cr, tail)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if first && strings.Join(f, ",") == strings.Join(SeriesHeader, ",") {
			continue
		}
		p, err := parsePoint(f)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, line, err)
		}
		shareName(&p.Experiment, &prev.Experiment)
		shareName(&p.Workload, &prev.Workload)
		shareName(&p.Algorithm, &prev.Algorithm)
		shareName(&p.Series, &prev.Series)
		if err := fn(&p, line, cr.InputOffset()); err != nil {
			return err
		}
	}
}

// shareName makes *s the string *was where they are equal, and *was the
// string *s where not.
func shareName(s, was *string) {
	if *s == *was {
		*s = *was
	} else {
		*was = *s
	}
}

func parsePoint(f []string) (Point, error) {
	if len(f) != len(SeriesHeader) {
		return Point{}, fmt.Errorf("expected %d fields (%s), found %d", len(SeriesHeader), strings.Join(SeriesHeader, ","), len(f))
	}
	rep, seed, err := parseRepSeed(f[3], f[4])
	if err != nil {
		return Point{}, err
	}
	t, err := strconv.ParseFloat(f[6], 64)
	if err != nil {
		return Point{}, fmt.Errorf("field t %q is not a number", f[6])
	}
	v, err := strconv.ParseFloat(f[7], 64)
	if err != nil {
		return Point{}, fmt.Errorf("field value %q is not a number", f[7])
	}
	if math.IsNaN(t) || math.IsInf(t, 0) || math.IsNaN(v) || math.IsInf(v, 0) {
		// gridbench never writes one (bench refuses it): the file was
		// edited, or written by something else.
		return Point{}, fmt.Errorf("fields t %q and value %q: not both finite numbers", f[6], f[7])
	}
	return Point{f[0], f[1], f[2], rep, seed, f[5], t, v}, nil
}

// SeriesOf returns the (t, value) samples of one series of one workload
// and algorithm, in file order.
func SeriesOf(pts []Point, workload, algorithm, series string) (ts, values []float64) {
	for _, p := range pts {
		if p.Workload == workload && p.Algorithm == algorithm && p.Series == series {
			ts, values = append(ts, p.T), append(values, p.Value)
		}
	}
	return ts, values
}
