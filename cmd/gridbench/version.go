package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/urfave/cli/v2"
)

func init() { register(versionCommand) }

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print the tool version, commit and Go version",
		Action: func(c *cli.Context) error {
			fmt.Fprintf(c.App.Writer, "gridbench %s (commit %s, %s)\n", version, commit(), runtime.Version())
			return nil
		},
	}
}

// commit returns the VCS revision baked in by the Go toolchain, or "unknown".
func commit() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				return s.Value
			}
		}
	}
	return "unknown"
}

// executableBuild returns a short hash of the running executable, or ""
// when it cannot be read. Go builds are reproducible, so the same source
// (and `go run` of it) gives the same hash, while any change to a scheduler
// or model gives another: the runner reuses results only within one build.
var executableBuild = sync.OnceValue(func() string {
	path, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)[:8])
})
