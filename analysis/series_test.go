package analysis

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestSeriesRoundTrip writes points and reads them back bit for bit; a bad
// line is an error naming file and line, and so is a value that is not a
// finite number, which gridbench never writes (bench refuses it).
func TestSeriesRoundTrip(t *testing.T) {
	pts := []Point{
		{"fed", "paper", "SO", 0, 7, "u2_dsa_pending", 0, 550},
		{"fed", "paper", "SO", 0, 7, "u2_dsa_pending", 300, 0.1},
		{"fed", "paper", "DO", 1, 8, "u2_lcg_done", 1e6, 5e-324},
	}
	var b bytes.Buffer
	if err := WriteSeriesCSV(&b, pts); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSeries(strings.NewReader(b.String()), "series.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(pts) || got[1] != pts[1] || got[0] != pts[0] || got[2] != pts[2] {
		t.Errorf("round trip gave %+v, want %+v", got, pts)
	}
	if ts, vs := SeriesOf(got, "paper", "SO", "u2_dsa_pending"); len(ts) != 2 || ts[1] != 300 || vs[0] != 550 {
		t.Errorf("SeriesOf: %v %v", ts, vs)
	}
	bad := strings.Join(SeriesHeader, ",") + "\nfed,paper,SO,0,7,s,x,1\n"
	if _, err := ReadSeries(strings.NewReader(bad), "series.csv"); err == nil || !strings.Contains(err.Error(), "series.csv:2: field t") {
		t.Errorf("bad t: %v", err)
	}
	nan := strings.Join(SeriesHeader, ",") + "\nfed,paper,SO,0,7,s,1,NaN\n"
	if _, err := ReadSeries(strings.NewReader(nan), "series.csv"); err == nil || !strings.Contains(err.Error(), `series.csv:2: fields t "1" and value "NaN": not both finite numbers`) {
		t.Errorf("NaN: %v", err)
	}
}

// writeSeriesCSVLineByLine is WriteSeriesCSV as it was, every line
// through encoding/csv: the twin of the one that encodes a series' fields
// once.
func writeSeriesCSVLineByLine(w io.Writer, pts []Point) error {
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

// TestWriteSeriesCSVIsEncodingCSVs writes points whose names need quotes
// (commas, quotes, line ends, a leading space, `\.`, empty names) and
// whose values are odd (NaN, infinities, -0, tiny and huge), in series
// that change at every field, and checks the file against encoding/csv's
// line by line, byte for byte; and that a failed write is returned.
func TestWriteSeriesCSVIsEncodingCSVs(t *testing.T) {
	names := []string{"a", "", "b,c", `say "x"`, "two\nlines", "cr\rhere", " lead", "\tlead", `\.`, "é,ü", "\u00a0nbsp"}
	vals := []float64{0, math.Copysign(0, -1), 1.5, -2e-300, 7e300, math.NaN(), math.Inf(1), math.Inf(-1), 1.0 / 3, 123456789}
	rng := rand.New(rand.NewPCG(3, 4))
	var pts []Point
	for range 3000 {
		p := Point{Experiment: names[rng.IntN(3)], Workload: names[rng.IntN(len(names))], Algorithm: names[rng.IntN(len(names))],
			Rep: rng.IntN(3) - 1, Seed: rng.Uint64() >> uint(rng.IntN(64)), Series: names[rng.IntN(len(names))],
			T: vals[rng.IntN(len(vals))], Value: vals[rng.IntN(len(vals))]}
		for range 1 + rng.IntN(4) { // a few points of one series
			pts = append(pts, p)
			p.T = rng.NormFloat64()
		}
	}
	for _, n := range []int{0, 1, len(pts)} {
		var got, want bytes.Buffer
		if err := WriteSeriesCSV(&got, pts[:n]); err != nil {
			t.Fatal(err)
		}
		if err := writeSeriesCSVLineByLine(&want, pts[:n]); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			g, w := strings.Split(got.String(), "\n"), strings.Split(want.String(), "\n")
			for i := range min(len(g), len(w)) {
				if g[i] != w[i] {
					t.Fatalf("%d points: line %d is %q, encoding/csv's %q", n, i+1, g[i], w[i])
				}
			}
			t.Fatalf("%d points: %d lines, encoding/csv's %d", n, len(g), len(w))
		}
	}
	if err := WriteSeriesCSV(failWriter{}, pts); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("a writer that fails: error %v, want its own", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestReadSeriesFileSharesNames reads back a series.csv of 5,000 points
// (past the 1,000 after which the rest are counted ahead, and with lines
// that grow longer than the first ones): the points are the ones written,
// the same as read from a reader of unknown size, and the points of one
// series hold one copy of their names, not each its own.
func TestReadSeriesFileSharesNames(t *testing.T) {
	var pts []Point
	for i := range 5000 {
		name := "s"
		if i > 2000 {
			name = strings.Repeat("long-name-", 20) // (lines past the first longer than they)
		}
		pts = append(pts, Point{"exp", "w" + strconv.Itoa(i/500), "alg", i / 100, uint64(i / 100), name, float64(i), float64(i) / 7})
	}
	path := filepath.Join(t.TempDir(), "series.csv")
	var b bytes.Buffer
	if err := WriteSeriesCSV(&b, pts); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSeriesFile(path)
	if err != nil {
		t.Fatal(err)
	}
	again, err := ReadSeries(bytes.NewReader(b.Bytes()), "series.csv")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, pts) || !slices.Equal(again, pts) {
		t.Fatalf("read back %d and %d points, not the %d written", len(got), len(again), len(pts))
	}
	for i := 1; i < len(got); i++ {
		if got[i].Workload == got[i-1].Workload && unsafe.StringData(got[i].Workload) != unsafe.StringData(got[i-1].Workload) {
			t.Fatalf("points %d and %d: workload %q held twice", i-1, i, got[i].Workload)
		}
	}
}

// eachPoint's own reading of the lines gridbench writes gives what
// encoding/csv reads from the whole file (eachPointCSV, which it hands
// the rest of a file to at its first line of another kind): the same
// points, lines, offsets and errors, on files written by WriteSeriesCSV
// (names that need quotes among them) and on those files edited: cut
// short anywhere, with carriage returns, empty lines, a byte order
// mark, a field more or less, numbers that are not, a header or not.
func TestEachPointIsEncodingCSVs(t *testing.T) {
	type got struct {
		pts   []Point
		lines []int
		offs  []int64
		err   string
	}
	read := func(data []byte, twin bool) got {
		var g got
		fn := func(p *Point, line int, off int64) error {
			g.pts, g.lines, g.offs = append(g.pts, *p), append(g.lines, line), append(g.offs, off)
			return nil
		}
		var err error
		if twin {
			tail := &tailReader{r: bytes.NewReader(data)}
			br := bufio.NewReader(tail)
			skipBOM(br)
			err = eachPointCSV(br, tail, "s.csv", 0, 0, true, &Point{}, fn)
		} else {
			err = eachPoint(bytes.NewReader(data), "s.csv", fn)
		}
		if err != nil {
			g.err = err.Error()
		}
		return g
	}
	rng := rand.New(rand.NewPCG(3, 4))
	names := []string{"many", "l1", "easy", "utilisation", "a,b", `say "x"`, " lead", "two\nlines", "cr\rin", "",
		strings.Repeat("long", 20000)} // (a line longer than eachPoint's buffer)
	var files [][]byte
	for range 40 {
		var pts []Point
		for range 1 + rng.IntN(30) {
			name := func() string {
				if rng.IntN(4) == 0 {
					return names[rng.IntN(len(names))]
				}
				return names[rng.IntN(4)]
			}
			pts = append(pts, Point{name(), name(), name(), rng.IntN(5), rng.Uint64(), name(), rng.Float64() * 1e4, rng.NormFloat64()})
		}
		var buf bytes.Buffer
		if err := WriteSeriesCSV(&buf, pts); err != nil {
			t.Fatal(err)
		}
		files = append(files, buf.Bytes())
	}
	edits := []func([]byte) []byte{
		func(b []byte) []byte { return b },
		func(b []byte) []byte { return b[:rng.IntN(len(b)+1)] }, // cut short
		func(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n")) },
		func(b []byte) []byte { return append([]byte("\xef\xbb\xbf"), b...) },
		func(b []byte) []byte { // an empty line
			i := rng.IntN(len(b))
			k := bytes.IndexByte(b[i:], '\n')
			if k < 0 {
				return b
			}
			return slices.Insert(slices.Clone(b), i+k+1, '\n')
		},
		func(b []byte) []byte { // a byte changed for another
			c := slices.Clone(b)
			c[rng.IntN(len(c))] = ",x\n.-\"9e"[rng.IntN(8)]
			return c
		},
		func(b []byte) []byte { // a number as no gridbench writes it
			lines := bytes.SplitAfter(b, []byte("\n"))
			i := 1 + rng.IntN(len(lines)-1)
			fields := bytes.Split(lines[i], []byte(","))
			if len(fields) < 8 {
				return b
			}
			odd := []string{"Inf", "-Inf", "+inf", "NaN", "1e400", "-1e-400", "0x1p-2", "1_0", " 1", "", "07", "-0", "１"}
			fields[len(fields)-1-rng.IntN(4)] = []byte(odd[rng.IntN(len(odd))])
			lines[i] = append(bytes.Join(fields, []byte(",")), '\n')
			return bytes.Join(lines, nil)
		},
		func(b []byte) []byte { return b[bytes.IndexByte(b, '\n')+1:] }, // no header
		func(b []byte) []byte { // a header line again, further down
			k := bytes.IndexByte(b, '\n') + 1
			return append(slices.Clone(b), b[:k]...)
		},
	}
	n := 0
	for _, b := range files {
		for _, edit := range edits {
			for range 8 {
				data := edit(b)
				fast, twin := read(data, false), read(data, true)
				if !slices.Equal(fast.pts, twin.pts) || !slices.Equal(fast.lines, twin.lines) || !slices.Equal(fast.offs, twin.offs) || fast.err != twin.err {
					t.Fatalf("on %q:\neachPoint: %d points, lines %v, offsets %v, error %q\nencoding/csv: %d points, lines %v, offsets %v, error %q",
						data, len(fast.pts), fast.lines, fast.offs, fast.err, len(twin.pts), twin.lines, twin.offs, twin.err)
				}
				if fast.err != "" {
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Error("no edited file was an error: the edits test nothing")
	}
}
