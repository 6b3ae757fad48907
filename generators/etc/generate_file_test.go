package etc

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestGenerateFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	spec := Spec{Jobs: 20, Machines: 5, Method: CVB, TaskHet: Hi, MachHet: Lo, Consistency: SemiConsistent}
	path := filepath.Join(dir, InstanceName(spec, 42))
	if filepath.Base(path) != "g_s_hilo.42" {
		t.Fatalf("InstanceName = %q, want g_s_hilo.42", filepath.Base(path))
	}
	if err := GenerateFile(path, spec, 42); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path, ReadOptions{Header: HeaderPresent})
	if err != nil {
		t.Fatal(err)
	}
	want, err := Generate(spec, NewSource(spec, 42))
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
	if err := GenerateFile(filepath.Join(dir, "missing", "u_c_hihi.0"), Types()[0], 0); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
	if err := GenerateFile(filepath.Join(dir, "x"), Spec{Jobs: 0, Machines: 3}, 0); err == nil {
		t.Error("invalid spec succeeded")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("failed writes left %d entries", len(entries))
	}
}

func TestParseName(t *testing.T) {
	for _, meth := range []Method{RangeBased, CVB} {
		for _, s := range Types() {
			s.Method, s.Jobs, s.Machines = meth, 0, 0
			got, err := ParseName(s.Name())
			if err != nil || got != s {
				t.Errorf("ParseName(%q) = %+v, %v; want %+v", s.Name(), got, err, s)
			}
		}
	}
	for _, bad := range []string{"", "u_c_hi", "u_x_hilo", "x_c_hilo", "u_c_hihi_", "u_consistent_hihi", "u_c_himd", "u-c-hilo"} {
		if _, err := ParseName(bad); err == nil {
			t.Errorf("ParseName(%q) succeeded", bad)
		}
	}
}
