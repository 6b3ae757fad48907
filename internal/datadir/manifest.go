package datadir

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gridbench/gridbench/data"
)

// ManifestName is where the checksums live in the repository.
const ManifestName = "data/SHA256SUMS"

// ErrCorrupt is wrapped by every error for a data file whose content is not
// the one pinned in the manifest.
var ErrCorrupt = errors.New("checksum mismatch")

// manifest maps a slash-separated path below a data root to its SHA-256
// (lower-case hex). It is parsed once from the compiled-in data.SHA256SUMS.
var manifest = sync.OnceValue(func() map[string]string {
	m, err := parseManifest(data.SHA256SUMS)
	if err != nil {
		panic(err) // the compiled-in file is tested; a bad one is a build error
	}
	return m
})

func parseManifest(s string) (map[string]string, error) {
	m := map[string]string{}
	for i, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sum, rel, ok := strings.Cut(line, "  ")
		if b, err := hex.DecodeString(sum); !ok || err != nil || len(b) != sha256.Size || rel == "" {
			return nil, fmt.Errorf("%s:%d: want \"<64 hex digits>  <path>\", got %q", ManifestName, i+1, line)
		}
		if _, dup := m[rel]; dup {
			return nil, fmt.Errorf("%s:%d: %s listed twice", ManifestName, i+1, rel)
		}
		m[rel] = strings.ToLower(sum)
	}
	return m, nil
}

// Pinned returns the SHA-256 the manifest pins for rel, a slash-separated
// path below a data root.
func Pinned(rel string) (string, bool) {
	s, ok := manifest()[rel]
	return s, ok
}

// PinnedUnder lists, sorted, the manifest paths below the folder dir.
func PinnedUnder(dir string) []string {
	var out []string
	for rel := range manifest() {
		if strings.HasPrefix(rel, dir+"/") {
			out = append(out, rel)
		}
	}
	sort.Strings(out)
	return out
}

// scope returns the manifest paths that must verify before rel (a file or
// folder below a data root) is used: rel itself when it is pinned, and
// every pinned file of the catalogue folder set rel belongs to (so the
// .sol files beside a Braun instance are checked with it).
func scope(rel string) []string {
	var out []string
	if _, ok := Pinned(rel); ok {
		out = append(out, rel)
	}
	for _, d := range Catalog() {
		if _, file := Pinned(d.Rel); file {
			continue
		}
		if rel == d.Rel || strings.HasPrefix(rel, d.Rel+"/") {
			for _, p := range PinnedUnder(d.Rel) {
				if p != rel {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// VerifyAt checks every pinned file of rel's scope that is present below
// root. Absent files are not an error here (the caller finds out when it
// needs them); a present file with other content is, and the error names it.
// It returns how many files were verified.
func VerifyAt(root, rel string) (int, error) {
	n := 0
	for _, p := range scope(rel) {
		path := filepath.Join(root, filepath.FromSlash(p))
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err := VerifyFile(path, p); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// verified remembers files already hashed in this process, by path, size
// and modification time, so that tests and experiments asking for the same
// file many times hash it once.
var verified struct {
	sync.Mutex
	m map[string]fileStamp
}

type fileStamp struct {
	size int64
	mod  time.Time
}

// pinsIgnored counts the tests running under IgnorePinsForTest.
var pinsIgnored atomic.Int32

// IgnorePinsForTest turns checksum verification off until tb ends, for a
// test that puts a small synthetic fixture at a pinned path (say, a
// ten-job trace as LCG-2005-1/LCG.swf.gz). It affects the whole process:
// not for parallel tests.
func IgnorePinsForTest(tb testing.TB) {
	pinsIgnored.Add(1)
	tb.Cleanup(func() { pinsIgnored.Add(-1) })
}

// VerifyFile checks the file at path against the checksum pinned for rel.
// A rel without a pinned checksum passes.
func VerifyFile(path, rel string) error {
	want, ok := Pinned(rel)
	if !ok || pinsIgnored.Load() > 0 {
		return nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	stamp := fileStamp{fi.Size(), fi.ModTime()}
	verified.Lock()
	done := verified.m[path] == stamp
	verified.Unlock()
	if done {
		return nil
	}
	got, err := HashFile(path)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("%w: %s has sha256 %s, but %s pins %s for %s; the file is damaged or not the published one: "+
			"delete it and run `gridbench data fetch %s`", ErrCorrupt, path, got, ManifestName, want, rel, fetchName(rel))
	}
	verified.Lock()
	if verified.m == nil {
		verified.m = map[string]fileStamp{}
	}
	verified.m[path] = stamp
	verified.Unlock()
	return nil
}

// fetchName is the catalogue id that fetches rel, or rel itself.
func fetchName(rel string) string {
	if d, ok := Owner(rel); ok {
		return d.ID
	}
	return rel
}

// HashFile returns the SHA-256 of the file at path in lower-case hex.
func HashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, bufio.NewReaderSize(f, 1<<16)); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
