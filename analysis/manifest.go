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
	Runs      []ManifestRun      `json:"runs"`
	Workers   int                `json:"workers"`
	Reused    int                `json:"runs_reused"`
	Executed  int                `json:"runs_executed"`
	Started   time.Time          `json:"started"`
	Finished  time.Time          `json:"finished"`
	WallSecs  float64            `json:"wall_seconds"`
	CPUSecs   float64            `json:"run_seconds_total"`
}

// ManifestWorkload is one workload of the plan and its parameters.
type ManifestWorkload struct {
	ID     string `json:"id"`
	Params string `json:"params"`
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
