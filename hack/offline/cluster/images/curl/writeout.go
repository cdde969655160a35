package main

// curl's -w/--write-out, for the variables k6-operator's starter and stopper print since v1.x:
//
//	-s -w '\n{"http_code":%{http_code},"time_total":%{time_total},...,"errormsg":"%{errormsg}"}'
//
// Printed after the body, also when the request failed (http_code 000), as curl does.

import (
	"fmt"
	"strings"
	"time"
)

// result is what one transfer left for the write-out.
type result struct {
	status     int
	url        string
	remoteIP   string
	total      time.Duration
	firstByte  time.Duration
	errMessage string
}

var writeOutVars = map[string]func(r *result) string{
	"http_code":          func(r *result) string { return fmt.Sprintf("%03d", r.status) },
	"response_code":      func(r *result) string { return fmt.Sprintf("%03d", r.status) },
	"time_total":         func(r *result) string { return seconds(r.total) },
	"time_starttransfer": func(r *result) string { return seconds(r.firstByte) },
	"url_effective":      func(r *result) string { return r.url },
	"url":                func(r *result) string { return r.url },
	"remote_ip":          func(r *result) string { return r.remoteIP },
	"errormsg":           func(r *result) string { return r.errMessage },
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.6f", d.Seconds()) }

// checkWriteOut fails on a variable this stand-in does not know (curl would print a warning).
func checkWriteOut(format string) error {
	_, err := expandWriteOut(format, &result{})
	return err
}

// expandWriteOut replaces %{name}, %% and the backslash escapes \n, \r, \t and \\ in format.
func expandWriteOut(format string, r *result) (string, error) {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		switch {
		case c == '%' && i+1 < len(format) && format[i+1] == '%':
			b.WriteByte('%')
			i++
		case c == '%' && i+1 < len(format) && format[i+1] == '{':
			end := strings.IndexByte(format[i+2:], '}')
			if end < 0 {
				b.WriteString(format[i:])
				return b.String(), nil
			}
			name := format[i+2 : i+2+end]
			f, ok := writeOutVars[name]
			if !ok {
				return "", &exitError{2, "write-out variable %{" + name + "} is not supported by this curl stand-in"}
			}
			b.WriteString(f(r))
			i += 2 + end
		case c == '\\' && i+1 < len(format):
			switch format[i+1] {
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case '\\':
				b.WriteByte('\\')
			default:
				b.WriteByte(c)
				continue
			}
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}
