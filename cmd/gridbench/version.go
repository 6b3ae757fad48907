package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

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
