package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/generators/etc"
)

// runEtcGenerate runs "gridbench etc generate args..." and returns exit
// code, stdout and stderr.
func runEtcGenerate(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), append([]string{"gridbench", "etc", "generate"}, args...), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestEtcGenerateDir(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runEtcGenerate(t, "--jobs", "30", "--machines", "6", "--method", "range",
		"--consistency", "s", "--tasks", "lo", "--machines-het", "hi", "--seed", "5", "--count", "3", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	spec := etc.Spec{Jobs: 30, Machines: 6, Method: etc.RangeBased, TaskHet: etc.Lo, MachHet: etc.Hi, Consistency: etc.SemiConsistent}
	var want []string
	for seed := uint64(5); seed < 8; seed++ {
		path := filepath.Join(dir, fmt.Sprintf("u_s_lohi.%d", seed))
		want = append(want, path)
		got, err := etc.ReadFile(path, etc.ReadOptions{Header: etc.HeaderPresent})
		if err != nil {
			t.Fatal(err)
		}
		m, err := etc.Generate(spec, etc.NewSource(spec, seed))
		if err != nil {
			t.Fatal(err)
		}
		if got.Jobs != 30 || got.Machines != 6 || !slices.Equal(got.ETC, m.ETC) {
			t.Errorf("%s does not hold instance %d of u_s_lohi", path, seed)
		}
	}
	if got := strings.Fields(stdout); !slices.Equal(got, want) {
		t.Errorf("stdout lists %v, want %v", got, want)
	}
	first, _ := os.ReadFile(want[0])
	if !strings.HasPrefix(string(first), "30 6 0\n") {
		t.Errorf("header %q, want \"30 6 0\"", strings.SplitN(string(first), "\n", 2)[0])
	}

	// Same flags again: byte-identical files.
	dir2 := t.TempDir()
	if code, _, stderr := runEtcGenerate(t, "--jobs", "30", "--machines", "6", "--consistency", "s", "--tasks", "lo",
		"--seed", "5", "--count", "1", "--out", dir2); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	again, _ := os.ReadFile(filepath.Join(dir2, "u_s_lohi.5"))
	if !bytes.Equal(first, again) {
		t.Error("the same class and seed gave different files")
	}
}

func TestEtcGenerateAll(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := runEtcGenerate(t, "--all", "--method", "cvb", "--jobs", "8", "--machines", "4", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	var want []string
	for _, s := range etc.Types() {
		want = append(want, "g"+s.Name()[1:]+".0")
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
}

func TestEtcGenerateOutput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "one.etc")
	if code, _, stderr := runEtcGenerate(t, "--type", "u_i_hilo", "--jobs", "10", "--machines", "3", "--seed", "9", "-o", file); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	code, stdout, stderr := runEtcGenerate(t, "--type", "u_i_hilo", "--jobs", "10", "--machines", "3", "--seed", "9", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	onDisk, _ := os.ReadFile(file)
	if stdout != string(onDisk) || !strings.HasPrefix(stdout, "10 3 0\n") {
		t.Errorf("-o - wrote %q, -o FILE wrote %q", stdout, onDisk)
	}
}

func TestEtcGenerateErrors(t *testing.T) {
	dir := t.TempDir()
	aFile := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(aFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--consistency", "x"}, "c, s, i"},
		{[]string{"--tasks", "medium"}, "hi, lo"},
		{[]string{"--machines-het", "big"}, "hi, lo"},
		{[]string{"--method", "normal"}, "range, cvb"},
		{[]string{"--type", "u_q_hilo"}, "{u,g}_{c,s,i}_{hi,lo}{hi,lo}"},
		{[]string{"--type", "u_c_hilo", "--method", "cvb"}, "drop --method"},
		{[]string{"--all", "--consistency", "s"}, "drop --consistency"},
		{[]string{"--jobs", "0"}, "--jobs/--machines: etc: 0 jobs × 16 machines: need 1 × 1"},
		{[]string{"--count", "0"}, "--count"},
		{[]string{"--count", "2", "-o", filepath.Join(dir, "f")}, "-o writes a single instance, and these are 2 (--count 2): use --out DIR"},
		{[]string{"--all", "-o", filepath.Join(dir, "f")}, "these are 12 (12 classes × --count 1)"},
		{[]string{"--out", dir, "-o", filepath.Join(dir, "f")}, "give one (-o for a single instance's file, --out for a folder of them)"},
		{[]string{"--out", aFile}, "--out " + aFile + ": mkdir " + aFile + ": not a directory"},
		{[]string{"--out", dir, "extra"}, "unexpected argument"},
	} {
		code, stdout, stderr := runEtcGenerate(t, c.args...)
		if code != 1 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and one line containing %q", c.args, code, stdout, stderr, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("failed runs left %d files", len(entries))
	}
	// A folder --out names that does not exist yet is made, as reproduce
	// and study run make theirs.
	made := filepath.Join(dir, "new", "sub")
	if code, _, stderr := runEtcGenerate(t, "--all", "--out", made); code != 0 {
		t.Fatalf("--out a new folder: exit %d: %s", code, stderr)
	}
	if entries, _ := os.ReadDir(made); len(entries) != 12 {
		t.Errorf("--all into a new folder wrote %d files, want 12", len(entries))
	}
}

func TestGenerateFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	spec := etc.Spec{Jobs: 20, Machines: 5, Method: etc.CVB, TaskHet: etc.Hi, MachHet: etc.Lo, Consistency: etc.SemiConsistent}
	path := filepath.Join(dir, etc.InstanceName(spec, 42))
	if filepath.Base(path) != "g_s_hilo.42" {
		t.Fatalf("InstanceName = %q, want g_s_hilo.42", filepath.Base(path))
	}
	if err := generateFile(path, spec, 42); err != nil {
		t.Fatal(err)
	}
	got, err := etc.ReadFile(path, etc.ReadOptions{Header: etc.HeaderPresent})
	if err != nil {
		t.Fatal(err)
	}
	want, err := etc.Generate(spec, etc.NewSource(spec, 42))
	if err != nil {
		t.Fatal(err)
	}
	if got.Jobs != 20 || got.Machines != 5 || !slices.Equal(got.ETC, want.ETC) {
		t.Fatalf("file does not hold Generate(spec, NewSource(spec, 42))")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("directory holds %d entries, want only the instance (no temporary files)", len(entries))
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
}

func TestGenerateFileFailsCleanly(t *testing.T) {
	dir := t.TempDir()
	blocked := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(blocked, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := generateFile(filepath.Join(blocked, "u_c_hihi.0"), etc.Types()[0], 0); err == nil {
		t.Error("writing below a file succeeded")
	}
	if err := generateFile(filepath.Join(dir, "x"), etc.Spec{Jobs: 0, Machines: 3}, 0); err == nil {
		t.Error("invalid spec succeeded")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("failed writes left %d entries", len(entries))
	}
}
