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
		line = AppendValue(line, p.T)
		line = append(line, ',')
		line = AppendValue(line, p.Value)
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

// EachPoint calls fn with every point of the series.csv r in file
// order, for a reader that keeps them otherwise than in one slice, until
// fn returns an error, which it returns; a malformed line is an error
// naming name and the line, after fn had the points before it.
func EachPoint(r io.Reader, name string, fn func(Point) error) error {
	return eachPoint(r, name, func(p *Point, _ int, _ int64) error { return fn(*p) })
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
// grown from nothing: BenchmarkSeriesCSV/op=read took 723 ns and
// allocated 199 bytes a point, against 1,116 ns and 705 bytes before
// (medians of 5, a 2-core Intel Xeon); with eachPoint's lines split in
// place rather than by encoding/csv, 385 ns and 111 bytes (the points
// alone), against 640 ns and 295 bytes in alternate runs (3 pairs).
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
// on and the bytes read up to its end, until fn returns an error; fn may
// not keep p, which the next point overwrites. A point's names are the
// point before's strings where they are equal.
//
// A line as gridbench writes it (no quote, no carriage return, eight
// fields, an end of line) is split at its commas and its numbers parsed
// in place, without a string per line; at the first line of another
// kind the rest of the file is read by encoding/csv, as all of it was
// (eachPointCSV), so that what is read and every error are the same
// (TestEachPointIsEncodingCSVs). A study of 10,000 repetitions reads 12 M
// points back.
func eachPoint(r io.Reader, name string, fn func(p *Point, line int, offset int64) error) error {
	tail := &tailReader{r: r}
	br := bufio.NewReaderSize(tail, 64<<10)
	skipBOM(br)
	var prev Point // the names of the point before
	var offset int64
	header := strings.Join(SeriesHeader, ",")
	var f [8][]byte
	var p Point // (one for all: fn has it for the call alone)
	for line := 1; ; line++ {
		b, err := br.ReadSlice('\n')
		if err == io.EOF && len(b) == 0 {
			return nil
		}
		if err != nil || !plainLine(b, &f) {
			// The rest as encoding/csv reads it, from this line on.
			rest := io.MultiReader(bytes.NewReader(bytes.Clone(b)), br)
			return eachPointCSV(rest, tail, name, line-1, offset, line == 1, &prev, fn)
		}
		offset += int64(len(b))
		if line == 1 && string(b[:len(b)-1]) == header {
			continue
		}
		rep, err1 := strconv.Atoi(string(f[3]))
		seed, err2 := strconv.ParseUint(string(f[4]), 10, 64)
		t, err3 := strconv.ParseFloat(string(f[6]), 64)
		v, err4 := strconv.ParseFloat(string(f[7]), 64)
		if err1 != nil || rep < 0 || err2 != nil || err3 != nil || err4 != nil ||
			math.IsNaN(t) || math.IsInf(t, 0) || math.IsNaN(v) || math.IsInf(v, 0) {
			fields := make([]string, len(f))
			for i, x := range f {
				fields[i] = string(x)
			}
			_, err := parsePoint(fields) // (its error names the field)
			return fmt.Errorf("%s:%d: %v", name, line, err)
		}
		p = Point{Rep: rep, Seed: seed, T: t, Value: v}
		p.Experiment = nameOf(f[0], &prev.Experiment)
		p.Workload = nameOf(f[1], &prev.Workload)
		p.Algorithm = nameOf(f[2], &prev.Algorithm)
		p.Series = nameOf(f[5], &prev.Series)
		if err := fn(&p, line, offset); err != nil {
			return err
		}
	}
}

// plainLine reports whether b is a line as gridbench writes it, which
// encoding/csv reads as its commas split it: an end of line, something
// before it, no quote and no carriage return, eight fields. It sets f to
// the fields.
func plainLine(b []byte, f *[8][]byte) bool {
	n := len(b) - 1
	if n < 1 || b[n] != '\n' || bytes.IndexByte(b, '"') >= 0 || bytes.IndexByte(b, '\r') >= 0 {
		return false
	}
	b = b[:n]
	for i := range 7 {
		k := bytes.IndexByte(b, ',')
		if k < 0 {
			return false
		}
		f[i], b = b[:k], b[k+1:]
	}
	if bytes.IndexByte(b, ',') >= 0 {
		return false
	}
	f[7] = b
	return true
}

// nameOf returns b as a string: *was where they are equal, else a new
// one, which *was becomes.
func nameOf(b []byte, was *string) string {
	if string(b) != *was {
		*was = string(b)
	}
	return *was
}

// skipBOM drops a byte order mark, as a spreadsheet saves "CSV UTF-8":
// it made the header a data line ("field rep \"rep\"").
func skipBOM(br *bufio.Reader) {
	if b, err := br.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
		br.Discard(3)
	}
}

// eachPointCSV is eachPoint read through encoding/csv, from r, whose
// first line is line base+1 of the file and begins at byte offset;
// first says it is the file's first line, and prev holds the names of
// the point before.
func eachPointCSV(r io.Reader, tail *tailReader, name string, base int, offset int64, first bool, prev *Point,
	fn func(p *Point, line int, offset int64) error) error {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	for ; ; first = false {
		f, line, err := nextLine(cr, tail)
		if err == io.EOF {
			return nil
		}
		line += base
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
		if err := fn(&p, line, offset+cr.InputOffset()); err != nil {
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
