//go:build nl2sqlbench

package bench

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// cpuSample is CPU time used so far by this process and by the PostgreSQL
// server's processes.
type cpuSample struct {
	self, postgres time.Duration
	postgresOK     bool
}

// clockTick is USER_HZ, the unit of /proc/<pid>/stat times; 100 on every
// Linux platform Go supports.
const clockTick = 100

func readCPU() cpuSample {
	var s cpuSample
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		s.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		line := string(b)
		open, close := strings.IndexByte(line, '('), strings.LastIndexByte(line, ')')
		if open < 0 || close < open || line[open+1:close] != "postgres" {
			continue
		}
		fields := strings.Fields(line[close+1:])
		if len(fields) < 13 {
			continue
		}
		ut, _ := strconv.ParseInt(fields[11], 10, 64)
		st, _ := strconv.ParseInt(fields[12], 10, 64)
		s.postgres += time.Duration(ut+st) * time.Second / clockTick
		s.postgresOK = true
	}
	return s
}

// since is the CPU used between before and s over a wall-clock span.
// PostgreSQL backends that exited in between take their time with them, so
// the server's figure is a lower bound.
func (s cpuSample) since(before cpuSample, wall time.Duration, items int) *CPU {
	c := &CPU{WallSeconds: wall.Seconds(), NL2SQLSeconds: (s.self - before.self).Seconds()}
	if s.postgresOK && before.postgresOK {
		c.PostgresSeconds = (s.postgres - before.postgres).Seconds()
	}
	if items > 0 {
		c.PerItemMS = 1000 * (c.NL2SQLSeconds + c.PostgresSeconds) / float64(items)
	}
	return c
}
