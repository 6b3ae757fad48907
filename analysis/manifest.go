package analysis

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
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
	Build      string          `json:"build,omitempty"` // hash of the executable that computed the runs
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
	// Digests are the SHA-256 of the files written beside the manifest
	// ("runs.csv", "series.csv"), hex: a folder whose files no longer
	// match is never reused from, and verify reports it at once.
	Digests  map[string]string `json:"digests,omitempty"`
	Runs     []ManifestRun     `json:"runs"`
	Workers  int               `json:"workers"`
	Reused   int               `json:"runs_reused"`
	Executed int               `json:"runs_executed"`
	Started  time.Time         `json:"started"`
	Finished time.Time         `json:"finished"`
	WallSecs float64           `json:"wall_seconds"`
	CPUSecs  float64           `json:"run_seconds_total"`
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
