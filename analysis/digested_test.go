package analysis

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ReadDigested hands its reader the bytes it hashes: the content read is
// the content checked, a file that changed is named by its digest before
// any error of the reading, the reader's own error comes when the digest
// holds, and a reading stopped by its context stops there.
func TestReadDigested(t *testing.T) {
	dir := t.TempDir()
	good := "experiment,workload\nx,y\n"
	sum := sha256.Sum256([]byte(good))
	m := &Manifest{Digests: map[string]string{"runs.csv": hex.EncodeToString(sum[:])}}
	write := func(s string) { os.WriteFile(filepath.Join(dir, "runs.csv"), []byte(s), 0o644) }
	readAll := func(r io.Reader) error { _, err := io.ReadAll(r); return err }

	write(good)
	var got []byte
	if err := m.ReadDigested(dir, "runs.csv", func(r io.Reader) error {
		var err error
		got, err = io.ReadAll(r)
		return err
	}); err != nil || string(got) != good {
		t.Errorf("the file as written: read %q, %v", got, err)
	}
	// A reader that stops early: the rest is hashed all the same.
	if err := m.ReadDigested(dir, "runs.csv", func(r io.Reader) error { _, err := r.Read(make([]byte, 3)); return err }); err != nil {
		t.Errorf("a reader that stops early: %v", err)
	}
	oops := errors.New("line 2: bad")
	if err := m.ReadDigested(dir, "runs.csv", func(io.Reader) error { return oops }); err != oops {
		t.Errorf("the reader's error: got %v", err)
	}
	write(good[:len(good)-3]) // cut short
	if err := m.ReadDigested(dir, "runs.csv", func(io.Reader) error { return oops }); err == nil || !strings.Contains(err.Error(), "runs.csv does not match its manifest digest") {
		t.Errorf("a file cut short: got %v", err)
	}
	write(strings.Replace(good, "y", "z", 1))
	if err := m.ReadDigested(dir, "runs.csv", readAll); err == nil || !strings.Contains(err.Error(), "runs.csv does not match its manifest digest (sha256 "+m.Digests["runs.csv"][:8]) {
		t.Errorf("an edited file: got %v", err)
	}
	if err := m.ReadDigested(dir, "runs.csv", func(io.Reader) error { return context.Canceled }); err != context.Canceled {
		t.Errorf("a stopped reading: got %v", err)
	}
}
