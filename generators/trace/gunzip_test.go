package trace

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bytes written after a whole gzip file are named for what they are, not
// taken for a member cut short (one byte: "gzip data cut short
// (truncated file?)") or a bad header (more); two members read as one
// file, as gzip -d reads them; a member cut short after a whole one is
// still cut short.
func TestGunzipTrailingBytes(t *testing.T) {
	full, err := os.ReadFile(cutFixture)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "t.swf.gz")
	for _, tc := range []struct {
		after string
		want  string
	}{
		{"x", "1 byte after the end of the gzip data, not gzip data (something written after it?): the compressed data is whole; gzip -dc FILE | gzip > NEW.gz rewrites the file without it"},
		{"\x1f", "1 byte after the end of the gzip data"},
		{"hello, world\n", "13 bytes after the end of the gzip data"},
		{"\x00\x00\x00\x00", "4 bytes after the end of the gzip data"},
		{string(full), ""},
		{string(full[:len(full)-3]), "gzip data cut short"},
		{string(full[:5]), "gzip data cut short"},
	} {
		if err := os.WriteFile(path, append(bytes.Clone(full), tc.after...), 0o644); err != nil {
			t.Fatal(err)
		}
		jobs, _, err := ReadAll(path, 0)
		if tc.want == "" {
			if err != nil || len(jobs) != 80 {
				t.Errorf("two members: %d jobs, %v; want 80", len(jobs), err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "t.swf.gz") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%d bytes after: %d jobs, error %v; want one with %q", len(tc.after), len(jobs), err, tc.want)
		}
	}
}
