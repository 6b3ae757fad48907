package trace

import (
	"bytes"
	"compress/gzip"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// cutFixture is a 40-job SWF trace compressed with gzip -n -9.
const cutFixture = "testdata/cut.swf.gz"

// Every proper prefix of a gzip trace is an error naming the file, and the
// whole file reads completely. A cut inside the compressed stream used to
// end the trace early without a word (io.ErrUnexpectedEOF taken for EOF).
func TestGzipEveryCutFails(t *testing.T) {
	full, err := os.ReadFile(cutFixture)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "t.swf.gz")
	for n := 0; n <= len(full); n++ {
		if err := os.WriteFile(path, full[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		jobs, _, err := ReadAll(path, 0)
		if n == len(full) {
			if err != nil || len(jobs) != 40 {
				t.Fatalf("whole file: %d jobs, %v; want 40 jobs", len(jobs), err)
			}
			continue
		}
		if err == nil {
			t.Errorf("cut at %d of %d bytes: read as complete (%d jobs)", n, len(full), len(jobs))
			continue
		}
		want := "gzip data"
		if n < 2 {
			want = "a gzip file cut short" // the magic bytes themselves are cut
		}
		if msg := err.Error(); !strings.Contains(msg, "t.swf.gz") || !strings.Contains(msg, want) {
			t.Errorf("cut at %d: error %q does not name the file and say %q", n, msg, want)
		}
	}
}

// The statistics path (trace stats) reads through Analyze; a cut file is
// an error there too, not the summary of a shorter trace.
func TestGzipCutAnalyzeFails(t *testing.T) {
	full, err := os.ReadFile(cutFixture)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "t.swf.gz")
	if err := os.WriteFile(path, full[:len(full)-8], 0o644); err != nil { // head -c -8
		t.Fatal(err)
	}
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if s, err := Analyze(r); err == nil {
		t.Fatalf("Analyze of a file without its gzip trailer: %d jobs, no error", s.Jobs)
	}
}

// A damaged checksum or length in the trailer is an error, even though the
// text decompresses whole.
func TestGzipBadTrailerFails(t *testing.T) {
	full, err := os.ReadFile(cutFixture)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for i := len(full) - 8; i < len(full); i++ {
		b := bytes.Clone(full)
		b[i] ^= 0x40
		path := filepath.Join(dir, "t.swf.gz")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if jobs, _, err := ReadAll(path, 0); err == nil || !strings.Contains(err.Error(), "t.swf.gz") {
			t.Errorf("trailer byte %d flipped: %d jobs, err %v", i, len(jobs), err)
		}
	}
}

type nopCloser struct{ io.Reader }

func (nopCloser) Close() error { return nil }

// readStream reads every job of data through open, as Open reads a file.
func readStream(data []byte, name string) ([]Job, error) {
	r, err := open(nopCloser{bytes.NewReader(data)}, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var jobs []Job
	for r.Next() {
		jobs = append(jobs, r.Job())
	}
	return jobs, r.Err()
}

// FuzzGzipTrace feeds arbitrary bytes to the gzip trace path. The reader
// never accepts what a plain gunzip rejects, and on what it accepts it
// reads exactly the jobs the uncompressed reader reads from the gunzipped
// text. Bytes without the gzip magic are a misnamed text trace, read as
// text, unless they are a gzip file cut before its second byte.
func FuzzGzipTrace(f *testing.F) {
	full, err := os.ReadFile(cutFixture)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(full)
	f.Add(full[:len(full)-8])
	f.Add(full[:len(full)/2])
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(smallSWF))
	zw.Close()
	f.Add(buf.Bytes())
	f.Add(append(bytes.Clone(buf.Bytes()), full...)) // two members
	f.Fuzz(func(t *testing.T, data []byte) {
		jobs, err := readStream(data, "f.swf.gz")
		if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
			if len(data) == 0 || len(data) == 1 && data[0] == 0x1f {
				if err == nil {
					t.Fatalf("%q named .gz read as a trace", data)
				}
				return
			}
			want, werr := readStream(data, "f.swf")
			if (err == nil) != (werr == nil) || len(jobs) != len(want) {
				t.Fatalf("misnamed text: %d jobs, %v; as text: %d jobs, %v", len(jobs), err, len(want), werr)
			}
			return
		}
		var text []byte
		zr, rerr := gzip.NewReader(bytes.NewReader(data))
		if rerr == nil {
			text, rerr = io.ReadAll(zr)
		}
		if rerr != nil {
			if err == nil {
				t.Fatalf("gunzip fails (%v) but the trace reader read %d jobs without error", rerr, len(jobs))
			}
			if !strings.Contains(err.Error(), "f.swf.gz") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		want, werr := readStream(text, "f.swf")
		if (err == nil) != (werr == nil) || len(jobs) != len(want) || (len(jobs) > 0 && !reflect.DeepEqual(jobs, want)) {
			t.Fatalf("gzip path: %d jobs, %v; plain text: %d jobs, %v", len(jobs), err, len(want), werr)
		}
	})
}

// FuzzTraceWindows reads arbitrary SWF text and runs what trace stats runs
// on it: Analyze, the count process, its autocorrelation and spectrum. None
// may panic or size a table from a wrong value; every recorded submit time
// lands in exactly one window.
func FuzzTraceWindows(f *testing.F) {
	f.Add([]byte(smallSWF), 1024.0)
	f.Add([]byte("1 1e300 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1\n"), 1024.0)
	f.Add([]byte("1 0 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1\n2 1e10 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1\n"), 1024.0)
	f.Add([]byte("1 0 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1\n2 3e9 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1\n"), 1e-300)
	f.Fuzz(func(t *testing.T, text []byte, width float64) {
		s, err := Analyze(NewSWFReader(bytes.NewReader(text), "f.swf"))
		if err != nil {
			return
		}
		for _, v := range s.Submits {
			if math.Abs(v) > MaxSeconds {
				t.Fatalf("submit time %g beyond MaxSeconds was read", v)
			}
		}
		w, err := CountWindows(s.Submits, width)
		if err != nil {
			return
		}
		if len(w.Counts) > MaxWindows {
			t.Fatalf("%d windows, over MaxWindows", len(w.Counts))
		}
		total := 0
		for _, c := range w.Counts {
			total += c
		}
		if total != len(s.Submits) {
			t.Fatalf("%d submits counted into windows, want %d", total, len(s.Submits))
		}
		if len(w.Counts) <= 1<<14 {
			acf := Autocorrelation(w.Series(), len(w.Counts)/2)
			Spectrum(acf, width)
		}
	})
}
