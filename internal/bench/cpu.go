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

// CPU is CPU seconds used during a measured phase, by process (Linux
// /proc; best effort: a figure that cannot be read is 0).
type CPU struct {
	WallSeconds float64 `json:"wall_seconds"`
	// ServiceSeconds is the service's own process (`nl2sql serve` as a
	// child). 0 when the service runs in-process or the phase is the bare
	// chain: then its CPU is in HarnessSeconds.
	ServiceSeconds float64 `json:"service_seconds"`
	// HarnessSeconds is this process: the load generator and the fake
	// model (and an in-process service, or the bare chain's River client).
	HarnessSeconds float64 `json:"harness_seconds"`
	// PostgresSeconds is the PostgreSQL backends connected to the scratch
	// database. Backends that exited during the phase take their time with
	// them and the server's own processes (WAL writer, checkpointer) are
	// left out, so it is a lower bound.
	PostgresSeconds float64 `json:"postgres_seconds"`
	// PostgresAllSeconds is every postgres process on the machine: the
	// server's own processes, and other users' work on a shared server
	// (a lower bound too).
	PostgresAllSeconds float64 `json:"postgres_all_seconds"`
	// PerItemMS is CPU milliseconds per question or chain of what serves
	// it: the service (or the harness, when it holds the service) and the
	// scratch database's backends.
	PerItemMS float64 `json:"cpu_ms_per_item"`
}

// cpuSample is CPU time used so far by this process, the service's
// process and PostgreSQL's processes.
type cpuSample struct {
	self, service time.Duration
	hasService    bool
	// postgres is each PostgreSQL process's CPU time, by pid; ours marks
	// the backends connected to the run's database.
	postgres map[int]time.Duration
	ours     map[int]bool
}

// clockTick is USER_HZ, the unit of /proc/<pid>/stat times; 100 on every
// Linux platform Go supports.
const clockTick = 100

// readCPU samples CPU time; servicePID is the service's process, 0 when
// it is this one; database names the backends that serve the run.
func readCPU(servicePID int, database string) cpuSample {
	var s cpuSample
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		s.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if servicePID > 0 {
		s.hasService = true
		if name, t, ok := procCPU("/proc/" + strconv.Itoa(servicePID)); ok && name != "" {
			s.service = t
		}
	}
	s.postgres, s.ours = map[int]time.Duration{}, map[int]bool{}
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, dir := range dirs {
		name, t, ok := procCPU(dir)
		if !ok || name != "postgres" {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(dir))
		s.postgres[pid] = t
		if cmdline, err := os.ReadFile(dir + "/cmdline"); err == nil && backendDatabase(string(cmdline)) == database {
			s.ours[pid] = true
		}
	}
	return s
}

// backendDatabase is the database of a PostgreSQL backend from its process
// title, "postgres: [<cluster>:] <user> <database> <client> <state>"; ""
// for the server's own processes.
func backendDatabase(cmdline string) string {
	f := strings.Fields(strings.ReplaceAll(cmdline, "\x00", " "))
	if len(f) == 0 || f[0] != "postgres:" {
		return ""
	}
	f = f[1:]
	if len(f) > 0 && strings.HasSuffix(f[0], ":") { // cluster_name
		f = f[1:]
	}
	if len(f) < 3 {
		return ""
	}
	return f[1]
}

// procCPU reads the command name and user+system CPU time of /proc/<pid>.
func procCPU(dir string) (string, time.Duration, bool) {
	b, err := os.ReadFile(dir + "/stat")
	if err != nil {
		return "", 0, false
	}
	line := string(b)
	open, close := strings.IndexByte(line, '('), strings.LastIndexByte(line, ')')
	if open < 0 || close < open {
		return "", 0, false
	}
	fields := strings.Fields(line[close+1:])
	if len(fields) < 13 {
		return "", 0, false
	}
	ut, _ := strconv.ParseInt(fields[11], 10, 64)
	st, _ := strconv.ParseInt(fields[12], 10, 64)
	return line[open+1 : close], time.Duration(ut+st) * time.Second / clockTick, true
}

// since is the CPU used between before and s over a wall-clock span.
func (s cpuSample) since(before cpuSample, wall time.Duration, items int) *CPU {
	c := &CPU{WallSeconds: wall.Seconds(), HarnessSeconds: (s.self - before.self).Seconds()}
	// Per process, so that one that exited in between subtracts nothing
	// (its time during the phase is lost: a lower bound) and one that
	// started counts from zero.
	for pid, t := range s.postgres {
		d := (t - before.postgres[pid]).Seconds()
		c.PostgresAllSeconds += d
		if s.ours[pid] {
			c.PostgresSeconds += d
		}
	}
	serving := c.HarnessSeconds
	if s.hasService {
		c.ServiceSeconds = (s.service - before.service).Seconds()
		serving = c.ServiceSeconds
	}
	if items > 0 {
		c.PerItemMS = 1000 * (serving + c.PostgresSeconds) / float64(items)
	}
	return c
}
