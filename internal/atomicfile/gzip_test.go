package atomicfile

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A name ending in .gz (any case) gets gzip data that decompresses to what
// was written, the same bytes every time (no name, no time in the
// header); any other name gets the text itself; a write that fails leaves
// no file.
func TestWriteGzipsGzNames(t *testing.T) {
	dir := t.TempDir()
	text := bytes.Repeat([]byte("job_id,submit\n1,0\n"), 1000)
	write := func(w io.Writer) error { _, err := w.Write(text); return err }
	for _, name := range []string{"o.csv.gz", "O.SWF.GZ", "sub/w.json.gz"} {
		path := filepath.Join(dir, name)
		if err := Write(path, write); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: not gzip data: %v", name, err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, text) {
			t.Errorf("%s: decompressed %d bytes (%v), want the %d written", name, len(got), err, len(text))
		}
		if err := Write(path, write); err != nil {
			t.Fatal(err)
		}
		if again, _ := os.ReadFile(path); !bytes.Equal(again, b) {
			t.Errorf("%s: written twice, the bytes differ", name)
		}
	}
	for _, name := range []string{"o.csv", "o.gz.csv", "gz"} {
		path := filepath.Join(dir, name)
		if err := Write(path, write); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(path); !bytes.Equal(b, text) {
			t.Errorf("%s: not the text written", name)
		}
	}
	failed := filepath.Join(dir, "failed.csv.gz")
	if err := Write(failed, func(w io.Writer) error { w.Write(text); return errors.New("no") }); err == nil {
		t.Error("a failed write gave no error")
	}
	if _, err := os.Stat(failed); !os.IsNotExist(err) {
		t.Errorf("a failed write left %s (%v)", failed, err)
	}
}
