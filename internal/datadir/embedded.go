package datadir

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gridbench/gridbench/data"
)

// The data sets compiled into the binary (data.Files) are the last root
// searched. Readers want paths (a trace reader opens a file, the immediate
// study lists the .sol files beside an instance), so a set is written out
// to a folder below the user's cache directory the first time it is asked
// for, and that folder is then an ordinary data root, checked against the
// manifest like any other.

// FromEmbedded is the Source of the root that holds the compiled-in sets.
const FromEmbedded Source = "embedded in the binary"

// embeddedHidden counts the tests running under HideEmbeddedForTest.
var embeddedHidden atomic.Int32

// HideEmbeddedForTest makes the lookup see only folders on disk until tb
// ends, for a test of what happens when data is missing. It affects the
// whole process: not for parallel tests.
func HideEmbeddedForTest(tb testing.TB) {
	embeddedHidden.Add(1)
	tb.Cleanup(func() { embeddedHidden.Add(-1) })
}

func embeddedOn() bool { return embeddedHidden.Load() == 0 }

// EmbeddedDir is where the compiled-in sets are written out: below
// os.UserCacheDir (the system's temporary folder when there is none), in a
// folder named by the manifest's hash, so that binaries with other data do
// not share one.
func EmbeddedDir() string {
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	sum := sha256.Sum256([]byte(data.SHA256SUMS))
	return filepath.Join(base, "gridbench", "data-"+hex.EncodeToString(sum[:6]))
}

// Embedded reports whether rel (a file or folder below a data root) is
// compiled into the binary.
func Embedded(rel string) bool {
	if !fs.ValidPath(rel) || rel == "." {
		return false
	}
	_, err := fs.Stat(data.Files, rel)
	return err == nil
}

var extractMu sync.Mutex

// extractEmbedded writes rel and the rest of its scope (see scope) from
// the binary to EmbeddedDir, and returns that root. A file already there
// with the same bytes is left alone; one with other bytes (edited, cut
// short by a crash) is replaced, each file written to a temporary name and
// renamed, so that a concurrent reader never sees half a file.
func extractEmbedded(rel string) (string, error) {
	root := EmbeddedDir()
	extractMu.Lock()
	defer extractMu.Unlock()
	var files []string
	err := fs.WalkDir(data.Files, rel, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("embedded data %s: %w", rel, err)
	}
	for _, p := range scope(rel) {
		if Embedded(p) {
			files = append(files, p)
		}
	}
	for _, p := range files {
		if err := writeOut(p, filepath.Join(root, filepath.FromSlash(p))); err != nil {
			return "", fmt.Errorf("writing the embedded data set out (set %s or --data to use a folder of your own): %w", EnvVar, err)
		}
	}
	return root, nil
}

func writeOut(rel, dest string) error {
	want, err := fs.ReadFile(data.Files, rel)
	if err != nil {
		return err
	}
	if have, err := os.ReadFile(dest); err == nil && bytes.Equal(have, want) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(dest), "."+path.Base(rel)+".tmp*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(want)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), dest)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}
