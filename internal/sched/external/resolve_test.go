//go:build unix

package external_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/sched/external"
)

// exe writes an executable file.
func exe(t *testing.T, p, text string) string {
	t.Helper()
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// The program that runs behind env, a #! line and a shim, found on the
// PATH the scheduler will have: swapping the python3 PATH finds changes
// what Resolve returns, so the runs' key.
func TestResolveFollowsEnvShebangAndShims(t *testing.T) {
	env, err := filepathLook("env")
	if err != nil {
		t.Skip("skipping: no env on PATH")
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	realPy := exe(t, filepath.Join(dir, "opt", "py3.12"), "\x7fELF not really")
	pyA := exe(t, filepath.Join(a, "python3"), "\x7fELF python a")
	// A shim as version managers write them: a shell script that execs
	// the real binary, here written out.
	shim := exe(t, filepath.Join(b, "python3"), "#!/bin/sh\n# shim\nexec "+realPy+" \"$@\"\n")
	script := exe(t, filepath.Join(dir, "mine.py"), "#!"+env+" python3\nprint(1)\n")
	pathA, pathB := a+":/usr/bin:/bin", b+":"+a+":/usr/bin:/bin"
	getenv := func(path string) func(string) string {
		return func(k string) string { return map[string]string{"PATH": path}[k] }
	}
	sh, _ := filepathLook("sh")
	for _, tc := range []struct {
		argv    []string
		path    string
		want    []string
		unknown string
	}{
		{[]string{env, "python3", "mine.py"}, pathA, []string{env, pyA}, ""},
		{[]string{env, "python3", "mine.py"}, pathB, []string{env, shim, "/bin/sh", realPy}, ""},
		{[]string{env, "-i", "PATH=" + a, "python3"}, pathB, []string{env, pyA}, ""},
		{[]string{env, "-u", "X", "--", "python3"}, pathA, []string{env, pyA}, ""},
		{[]string{"python3", "mine.py"}, pathB, []string{shim, "/bin/sh", realPy}, ""},
		{[]string{script}, pathA, []string{script, env, pyA}, ""},
		{[]string{env, "-S", "python3 -u"}, pathA, []string{env}, env + " -S: the program env runs is not resolved"},
	} {
		r := external.Resolve(tc.argv, getenv(tc.path))
		want := tc.want
		if sh != "/bin/sh" {
			want = slices.DeleteFunc(slices.Clone(want), func(s string) bool { return s == "/bin/sh" })
			r.Programs = slices.DeleteFunc(r.Programs, func(s string) bool { return s == "/bin/sh" })
		}
		if !slices.Equal(r.Programs, want) {
			t.Errorf("Resolve(%q) with PATH=%s: programs %q, want %q", tc.argv, tc.path, r.Programs, want)
		}
		if got := strings.Join(r.Unknown, "\n"); (tc.unknown == "") != (got == "") || !strings.Contains(got, tc.unknown) {
			t.Errorf("Resolve(%q): unknown %q, want %q", tc.argv, got, tc.unknown)
		}
	}
}

// pyenv's shim execs pyenv itself, a script whose exec line is computed:
// what runs cannot be known before it runs, and Resolve says so.
func TestResolveSaysWhatItCannotKnow(t *testing.T) {
	dir := t.TempDir()
	pyenv := exe(t, filepath.Join(dir, "libexec", "pyenv"), "#!/usr/bin/env bash\nset -e\ncommand_path=x\nexec \"$command_path\" \"$@\"\n")
	shim := exe(t, filepath.Join(dir, "shims", "python3"), `#!/usr/bin/env bash
set -e
[ -n "$PYENV_DEBUG" ] && set -x

program="${0##*/}"

export PYENV_ROOT="`+dir+`"
exec "`+pyenv+`" exec "$program" "$@"
`)
	r := external.Resolve([]string{"python3", "mine.py"}, func(k string) string {
		return map[string]string{"PATH": filepath.Dir(shim) + ":/usr/bin:/bin"}[k]
	})
	if r.Programs[0] != shim || !slices.Contains(r.Programs, pyenv) {
		t.Errorf("programs %q: want the shim and pyenv", r.Programs)
	}
	want := pyenv + ` picks the program it runs when it runs (line 4: exec "$command_path" "$@")`
	if len(r.Unknown) != 1 || r.Unknown[0] != want {
		t.Errorf("unknown %q, want %q", r.Unknown, want)
	}
}

func filepathLook(name string) (string, error) {
	for _, d := range []string{"/usr/bin", "/bin"} {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, nil
		}
	}
	return "", os.ErrNotExist
}
