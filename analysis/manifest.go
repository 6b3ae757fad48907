package analysis

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Manifest says how the records beside it were made, so any number in a
// figure traces back to the tool, commit, configuration and seeds behind it.
type Manifest struct {
	Tool       string          `json:"tool"`
	Version    string          `json:"version"`
	Commit     string          `json:"commit"`
	GoVersion  string          `json:"go_version"`
	Experiment string          `json:"experiment"`
	ConfigHash string          `json:"config_hash"`
	Config     json.RawMessage `json:"config"`
	SeedRule   string          `json:"seed_rule"`
	// Reps is the number of independent repetitions the plan was made
	// with (bench.Plan.Reps). Config leaves it out, so raising --reps
	// reuses the runs already made; verify plans with it again. 0 in a
	// manifest written before it was recorded.
	Reps  int    `json:"reps,omitempty"`
	Build string `json:"build,omitempty"` // hash of the executable that computed the runs
	// Workloads are the plan's workload descriptors: id and parameters
	// as "key=value key=value" (empty when the plan describes none).
	Workloads []ManifestWorkload `json:"workloads,omitempty"`
	// Inputs are the files the runs read (traces, ETC instances, a study
	// file, an exec: scheduler's program) with their content hashes: a run
	// is reused only while every input it read is unchanged.
	Inputs []ManifestInput `json:"inputs,omitempty"`
	// Study names the study file a study folder was made from (nil for
	// the built-in experiments).
	Study *ManifestInput `json:"study,omitempty"`
	// DataRoots are the folders the runs looked up data sets in, absolute
	// and in search order (--data, $GRIDBENCH_DATA, ./data,
	// ../shared/data as they were): verify looks in the same folders
	// wherever it is started, and, found or not, a data set then plans
	// as it did. The inputs' SHA-256 (Inputs) say the content is the same.
	DataRoots []string `json:"data_roots,omitempty"`
	// Digests are the SHA-256 of the files written beside the manifest
	// ("runs.csv", "series.csv"), hex: a folder whose files no longer
	// match is never reused from, and verify reports it at once.
	Digests map[string]string `json:"digests,omitempty"`
	// RunConfigs are, by hash, the configurations of the runs keyed on
	// their own part of it (ManifestRun.ConfigHash).
	RunConfigs map[string]json.RawMessage `json:"run_configs,omitempty"`
	Runs       []ManifestRun              `json:"runs"`
	Workers    int                        `json:"workers"`
	Reused     int                        `json:"runs_reused"`
	Executed   int                        `json:"runs_executed"`
	Started    time.Time                  `json:"started"`
	Finished   time.Time                  `json:"finished"`
	WallSecs   float64                    `json:"wall_seconds"`
	CPUSecs    float64                    `json:"run_seconds_total"`
}

// ManifestWorkload is one workload of the plan and its parameters.
type ManifestWorkload struct {
	ID     string `json:"id"`
	Params string `json:"params"`
}

// ManifestInput is one input file and the SHA-256 of its content, hex.
type ManifestInput struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// ManifestRun is one run's identity and seeds.
type ManifestRun struct {
	Workload  string `json:"workload"`
	Algorithm string `json:"algorithm"`
	Rep       int    `json:"rep"`
	Seed      uint64 `json:"seed"`
	RunSeed   uint64 `json:"run_seed"`
	// ConfigHash is the hash of the run's own part of the configuration
	// (bench.Run.ConfigHash), where its plan gives one: the run was made
	// from it and is reused while it is unchanged.
	ConfigHash string `json:"config_hash,omitempty"`
	// Files are the SHA-256 of the files the run wrote besides its
	// records (bench.Plan.RunFiles, a study's jobs file), hex, by path
	// relative to the results folder, as it wrote them: the run is
	// reused only while each file still has it.
	Files map[string]string `json:"files,omitempty"`
}

// HashConfig returns a short stable hash of a configuration value's JSON
// form. Configurations are structs, whose fields marshal in declaration
// order, so the hash does not depend on map iteration.
func HashConfig(cfg any) (string, json.RawMessage, error) {
	b, err := json.Marshal(cfg)
	if err != nil {
		return "", nil, err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8]), b, nil
}

// WriteManifest writes m as indented JSON, atomically.
func WriteManifest(path string, m *Manifest) error {
	return WriteFileAtomic(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(m)
	})
}

// ReadManifest reads a manifest.json.
func ReadManifest(path string) (*Manifest, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// FileSHA256 returns the SHA-256 of the content of the file at path, hex.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return ReaderSHA256(f)
}

// ReaderSHA256 returns the SHA-256 of everything r yields, hex; an error
// names the file when r is one.
func ReaderSHA256(r io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		if f, ok := r.(*os.File); ok {
			return "", fmt.Errorf("%s: %w", f.Name(), err)
		}
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// DigestFiles are the files beside a manifest whose SHA-256 it records in
// Digests when they exist (series.csv exists only when a run records a
// series).
var DigestFiles = []string{"runs.csv", "series.csv"}

// CheckDigests compares the files of DigestFiles in dir, the manifest's
// folder, with m.Digests. It returns nil when every file matches (a file
// without a digest must be absent), and otherwise one error per
// difference, joined, each naming the file: "runs.csv does not match its
// manifest digest (sha256 ab12… recorded, cd34… found)". A manifest that
// records no digests at all (written before they existed) matches nothing.
func (m *Manifest) CheckDigests(dir string) error { return m.checkDigests(dir, true) }

// CheckDigestsListed is CheckDigests but for the files' content: every
// file that has a digest is there and every file there has one. A
// reader of the files then checks each with ReadDigested as it reads it.
func (m *Manifest) CheckDigestsListed(dir string) error { return m.checkDigests(dir, false) }

func (m *Manifest) checkDigests(dir string, content bool) error {
	if len(m.Digests) == 0 {
		return errors.New("the manifest records no digest of runs.csv (written by an older gridbench)")
	}
	var errs []error
	for _, name := range DigestFiles {
		want, recorded := m.Digests[name]
		got, err := want, error(nil) // (unread: its reader checks the content)
		if content {
			got, err = FileSHA256(filepath.Join(dir, name))
		} else {
			_, err = os.Stat(filepath.Join(dir, name))
		}
		switch {
		case err != nil && errors.Is(err, os.ErrNotExist):
			if recorded {
				errs = append(errs, fmt.Errorf("%s is missing (its manifest records sha256 %s)", name, Short(want)))
			}
		case err != nil:
			errs = append(errs, err)
		case !recorded:
			errs = append(errs, fmt.Errorf("%s is not named in the manifest's digests", name))
		case got != want:
			errs = append(errs, fmt.Errorf("%s does not match its manifest digest (sha256 %s recorded, %s found)", name, Short(want), Short(got)))
		}
	}
	return errors.Join(errs...)
}

// ReadDigested calls read with the file name of dir (one of
// DigestFiles) as a reader, which hashes what read takes, and then reads
// the rest. It returns an error unless the file's SHA-256 is the digest
// m records for it (CheckDigests's message, before read's own error):
// what read took is then the content the digest vouches for, read once,
// where a check before the reading would let the file change between.
func (m *Manifest) ReadDigested(dir, name string, read func(io.Reader) error) error {
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	r := io.TeeReader(f, h)
	rerr := read(r)
	if errors.Is(rerr, context.Canceled) || errors.Is(rerr, context.DeadlineExceeded) {
		return rerr // (stopped: the rest is not read)
	}
	if _, err := io.Copy(io.Discard, r); err != nil {
		return fmt.Errorf("%s: %w", f.Name(), err)
	}
	if want, got := m.Digests[name], hex.EncodeToString(h.Sum(nil)); got != want {
		return fmt.Errorf("%s does not match its manifest digest (sha256 %s recorded, %s found)", name, Short(want), Short(got))
	}
	return rerr
}

// Short abbreviates a hex digest for messages: its first 8 digits and "…".
func Short(digest string) string {
	if len(digest) <= 8 {
		return digest
	}
	return digest[:8] + "…"
}
