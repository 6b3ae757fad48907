package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteReplacesWhole(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.csv")
	if err := Write(p, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	st, _ := os.Stat(p)
	if string(b) != "new\n" || st.Mode().Perm() != 0o644 {
		t.Fatalf("content %q mode %v", b, st.Mode())
	}
}

func TestFailedWriteKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.csv")
	os.WriteFile(p, []byte("old\n"), 0o644)
	boom := errors.New("boom")
	err := Write(p, func(w io.Writer) error { io.WriteString(w, "half"); return boom })
	if !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
	b, _ := os.ReadFile(p)
	entries, _ := os.ReadDir(dir)
	if string(b) != "old\n" || len(entries) != 1 {
		t.Fatalf("old file %q, %d entries left", b, len(entries))
	}
}

func TestUnwritableDirectory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "plain")
	os.WriteFile(file, nil, 0o644)
	path := filepath.Join(file, "x.csv")
	if err := Write(path, func(io.Writer) error { return nil }); err == nil || !strings.HasPrefix(err.Error(), path+": cannot create output directory") {
		t.Fatalf("a file where the folder goes: %v", err)
	}
}

// A folder that does not exist yet is made (every output flag takes one:
// simulate --jobs-out figs/j.csv, plot -o figs/g.png).
func TestWriteMakesTheFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "x.csv")
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "x\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "x\n" {
		t.Errorf("%q, %v", b, err)
	}
}

// A symbolic link stays a link: the file it names is replaced (observation
// 6 of the trust issue: a file was renamed over the /dev/stdout link).
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.csv")
	link := filepath.Join(dir, "link.csv")
	os.WriteFile(target, []byte("old\n"), 0o644)
	if err := os.Symlink("target.csv", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := Write(link, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", st.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new\n" {
		t.Errorf("target holds %q, want the new content", b)
	}
	// A dangling link is written through: its target appears, the link stays.
	os.Remove(target)
	if err := Write(link, func(w io.Writer) error { _, err := io.WriteString(w, "again\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the dangling link was replaced: %v %v", st.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "again\n" {
		t.Errorf("target holds %q", b)
	}
}

// Check finds what Write would fail on without writing the file or making
// a folder, and leaves nothing behind where Write would succeed.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	for _, ok := range []string{
		filepath.Join(dir, "new.csv"),
		filepath.Join(dir, "a", "b", "x.csv"), // a folder Write would make
		os.DevNull,                            // written through
	} {
		if err := Check(ok); err != nil {
			t.Errorf("Check(%s): %v", ok, err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Check left %d entries in the folder (first %s)", len(entries), entries[0].Name())
	}
	file := filepath.Join(dir, "plain")
	os.WriteFile(file, nil, 0o644)
	for _, c := range []struct{ path, want string }{
		{filepath.Join(file, "x.csv"), ": cannot create output directory: " + file + " is not a directory"},
		{filepath.Join(file, "sub", "x.csv"), ": cannot create output directory: " + file + " is not a directory"},
		{dir, ": is a directory"},
		{filepath.Join(dir, "new") + string(filepath.Separator), ": names a folder, not a file"},
		{filepath.Join(dir, "new") + string(filepath.Separator) + ".", ": names a folder, not a file"},
	} {
		if err := Check(c.path); err == nil || err.Error() != c.path+c.want {
			t.Errorf("Check(%s): %v, want %q", c.path, err, c.path+c.want)
		}
	}
	if os.Geteuid() == 0 {
		t.Log("running as root: a folder without write permission is not tested (root writes there)")
		return
	}
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o555)
	for _, c := range []struct{ path, want string }{
		{filepath.Join(ro, "x.csv"), "cannot write to " + ro + ": permission denied"},
		{filepath.Join(ro, "sub", "x.csv"), filepath.Join(ro, "sub", "x.csv") + ": cannot create output directory: cannot write to " + ro + ": permission denied"},
	} {
		if err := Check(c.path); err == nil || err.Error() != c.want {
			t.Errorf("Check(%s): %v, want %q", c.path, err, c.want)
		}
	}
}

// A path that can only name a folder ("figs/") is refused before any
// folder is made: written as a file it became a folder holding a stray
// temporary file, and the rename failed.
func TestWriteRefusesAFolderName(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "figs") + string(filepath.Separator)
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err == nil || err.Error() != path+": names a folder, not a file" {
		t.Errorf("Write(%s): %v", path, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("Write left %d entries (first %s)", len(entries), entries[0].Name())
	}
}
