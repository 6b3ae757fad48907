package analysis

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
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
func WriteSeriesCSV(w io.Writer, pts []Point) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(SeriesHeader); err != nil {
		return err
	}
	for _, p := range pts {
		if err := cw.Write([]string{p.Experiment, p.Workload, p.Algorithm, strconv.Itoa(p.Rep),
			strconv.FormatUint(p.Seed, 10), p.Series, FormatValue(p.T), FormatValue(p.Value)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// ReadSeriesFile reads every point of a series.csv; a malformed line is an
// error naming the file and line.
func ReadSeriesFile(path string) ([]Point, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadSeries(f, path)
}

// ReadSeries reads the points of a series.csv from r; name is used in
// error messages.
func ReadSeries(r io.Reader, name string) ([]Point, error) {
	cr, tail := newCSVReader(r)
	var out []Point
	for first := true; ; first = false {
		f, line, err := nextLine(cr, tail)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if first && strings.Join(f, ",") == strings.Join(SeriesHeader, ",") {
			continue
		}
		p, err := parsePoint(f)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		out = append(out, p)
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
