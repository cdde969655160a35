// A small, static stand-in for curl, enough for what k6-operator's starter and stopper jobs run:
//
//	curl --retry 3 -X PATCH -H 'Content-Type: application/json' http://HOST:6565/v1/status -d '{...}' \
//	  -s -w '\n{"http_code":%{http_code},...}'
//
// and for simple GETs in tests. Debian's curl links a dozen shared libraries; this links none, so
// the k6 and starter images stay a busybox plus static binaries. Unknown options are an error
// (exit 2), never silently ignored. Exit codes follow curl where it matters: 0 on any HTTP
// response (22 with --fail on status >= 400), 6/7/28 on resolve/connect/timeout errors.
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

type options struct {
	method         string
	headers        []string
	data           []string
	url            string
	retries        int
	fail           bool
	silent         bool
	showErr        bool
	follow         bool
	output         string
	maxTime        time.Duration
	connectTimeout time.Duration
	verbose        bool
	writeOut       string
}

func usage() {
	fmt.Fprint(os.Stderr, `Usage: curl [options] URL
  -X, --request METHOD     HTTP method (default GET, or POST with data)
  -H, --header 'K: V'      add a request header (repeatable)
  -d, --data DATA          request body (repeatable, joined with '&'; @FILE reads a file)
      --data-raw DATA      request body, no @FILE
      --data-binary DATA   request body (@FILE reads a file)
      --retry N            retry transient failures N times (1 s, 2 s, 4 s, ... apart)
      --retry-connrefused  accepted; connection refusals are always retried here
  -f, --fail               exit 22 on HTTP status >= 400, print no body
  -s, --silent             no error messages (unless -S)
  -S, --show-error         error messages even with -s
  -L, --location           follow redirects (otherwise they are returned as is)
  -o, --output FILE        write the body to FILE instead of stdout
  -m, --max-time SECONDS   whole-request timeout
      --connect-timeout S  connect timeout (default 30)
  -v, --verbose            print the request line and the response status to stderr
  -k, --insecure           accepted and ignored (no TLS verification options here)
  -w, --write-out FORMAT   print FORMAT after the transfer: %{http_code}, %{time_total},
                           %{time_starttransfer}, %{url_effective}, %{remote_ip}, %{errormsg}
`)
}

type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func parseArgs(args []string) (*options, error) {
	o := &options{connectTimeout: 30 * time.Second}
	needValue := func(i int, name string) (string, error) {
		if i+1 >= len(args) {
			return "", &exitError{2, "option " + name + " needs a value"}
		}
		return args[i+1], nil
	}
	seconds := func(v, name string) (time.Duration, error) {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 {
			return 0, &exitError{2, "bad number for " + name + ": " + v}
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		// --opt=value
		if strings.HasPrefix(a, "--") && strings.Contains(a, "=") {
			k, v, _ := strings.Cut(a, "=")
			args = append(args[:i], append([]string{k, v}, args[i+1:]...)...)
			a = k
		}
		// bundled boolean short options: -fsSL
		if len(a) > 2 && a[0] == '-' && a[1] != '-' && strings.Trim(a[1:], "fsSLvk") == "" {
			expanded := make([]string, 0, len(a)-1)
			for _, c := range a[1:] {
				expanded = append(expanded, "-"+string(c))
			}
			args = append(args[:i], append(expanded, args[i+1:]...)...)
			a = args[i]
		}
		var v string
		var err error
		switch a {
		case "-X", "--request":
			if v, err = needValue(i, a); err == nil {
				o.method = v
				i++
			}
		case "-H", "--header":
			if v, err = needValue(i, a); err == nil {
				o.headers = append(o.headers, v)
				i++
			}
		case "-d", "--data", "--data-ascii", "--data-binary":
			if v, err = needValue(i, a); err == nil {
				if strings.HasPrefix(v, "@") {
					var b []byte
					if b, err = readDataFile(v[1:]); err == nil {
						v = string(b)
						if a != "--data-binary" {
							v = strings.NewReplacer("\r", "", "\n", "").Replace(v)
						}
					}
				}
				o.data = append(o.data, v)
				i++
			}
		case "--data-raw":
			if v, err = needValue(i, a); err == nil {
				o.data = append(o.data, v)
				i++
			}
		case "--retry":
			if v, err = needValue(i, a); err == nil {
				n, perr := strconv.Atoi(v)
				if perr != nil || n < 0 {
					return nil, &exitError{2, "bad number for --retry: " + v}
				}
				o.retries = n
				i++
			}
		case "-m", "--max-time":
			if v, err = needValue(i, a); err == nil {
				o.maxTime, err = seconds(v, a)
				i++
			}
		case "--connect-timeout":
			if v, err = needValue(i, a); err == nil {
				o.connectTimeout, err = seconds(v, a)
				i++
			}
		case "-o", "--output":
			if v, err = needValue(i, a); err == nil {
				o.output = v
				i++
			}
		case "-w", "--write-out":
			if v, err = needValue(i, a); err == nil {
				o.writeOut = v
				err = checkWriteOut(v)
				i++
			}
		case "-f", "--fail":
			o.fail = true
		case "-s", "--silent":
			o.silent = true
		case "-S", "--show-error":
			o.showErr = true
		case "-L", "--location":
			o.follow = true
		case "-v", "--verbose":
			o.verbose = true
		case "-k", "--insecure", "--retry-connrefused", "--no-progress-meter":
		case "-h", "--help":
			usage()
			return nil, &exitError{0, ""}
		case "-V", "--version":
			fmt.Println("curl (vtbench static stand-in; Go net/http)")
			return nil, &exitError{0, ""}
		default:
			if strings.HasPrefix(a, "-") && a != "-" {
				return nil, &exitError{2, "option " + a + " is not supported by this curl stand-in (see --help)"}
			}
			if o.url != "" {
				return nil, &exitError{2, "only one URL is supported"}
			}
			o.url = a
		}
		if err != nil {
			return nil, err
		}
	}
	if o.url == "" {
		return nil, &exitError{2, "no URL specified"}
	}
	if !strings.Contains(o.url, "://") {
		o.url = "http://" + o.url
	}
	if o.method == "" {
		o.method = http.MethodGet
		if len(o.data) > 0 {
			o.method = http.MethodPost
		}
	}
	return o, nil
}

func readDataFile(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(os.Stdin)
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, &exitError{26, err.Error()}
	}
	return b, nil
}

// transient reports whether curl's --retry would retry: timeouts, connection failures and the
// HTTP statuses 408, 429, 500, 502, 503, 504.
func transient(status int, err error) bool {
	if err != nil {
		var ee *exitError
		return errors.As(err, &ee) && (ee.code == 6 || ee.code == 7 || ee.code == 28 || ee.code == 56)
	}
	switch status {
	case 408, 429, 500, 502, 503, 504:
		return true
	}
	return false
}

func classify(err error) error {
	var dnsErr *net.DNSError
	var opErr *net.OpError
	var ue *url.Error
	switch {
	case errors.As(err, &dnsErr):
		return &exitError{6, "Could not resolve host: " + dnsErr.Name}
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ue) && ue.Timeout():
		return &exitError{28, "Operation timed out: " + err.Error()}
	case errors.As(err, &opErr) && opErr.Op == "dial":
		return &exitError{7, "Failed to connect: " + err.Error()}
	default:
		return &exitError{56, "Failure receiving data: " + err.Error()}
	}
}

func do(o *options, client *http.Client, r *result) (int, []byte, error) {
	start := time.Now()
	defer func() { r.total = time.Since(start) }()
	ctx := httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{
		GotConn: func(c httptrace.GotConnInfo) {
			if host, _, err := net.SplitHostPort(c.Conn.RemoteAddr().String()); err == nil {
				r.remoteIP = host
			}
		},
		GotFirstResponseByte: func() { r.firstByte = time.Since(start) },
	})
	if o.maxTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.maxTime)
		defer cancel()
	}
	var body io.Reader
	if len(o.data) > 0 {
		body = bytes.NewBufferString(strings.Join(o.data, "&"))
	}
	req, err := http.NewRequestWithContext(ctx, o.method, o.url, body)
	if err != nil {
		return 0, nil, &exitError{3, "URL rejected: " + err.Error()}
	}
	req.Header.Set("User-Agent", "curl/8 (vtbench stand-in)")
	req.Header.Set("Accept", "*/*")
	if len(o.data) > 0 {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for _, h := range o.headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok {
			continue
		}
		req.Header.Set(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	if o.verbose {
		fmt.Fprintf(os.Stderr, "> %s %s\n", o.method, o.url)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, classify(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, nil, classify(err)
	}
	if o.verbose {
		fmt.Fprintf(os.Stderr, "< %s\n", resp.Status)
	}
	return resp.StatusCode, b, nil
}

func run(args []string) int {
	o, err := parseArgs(args)
	if err != nil {
		var ee *exitError
		errors.As(err, &ee)
		if ee.msg != "" {
			fmt.Fprintln(os.Stderr, "curl: "+ee.msg)
		}
		return ee.code
	}
	client := &http.Client{
		Transport: &http.Transport{
			Proxy:       http.ProxyFromEnvironment,
			DialContext: (&net.Dialer{Timeout: o.connectTimeout}).DialContext,
		},
	}
	if !o.follow {
		client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	}
	var status int
	var body []byte
	r := &result{url: o.url}
	defer func() {
		if o.writeOut != "" {
			r.status = status
			if err != nil {
				r.errMessage = err.Error()
			}
			w, _ := expandWriteOut(o.writeOut, r) // checked in parseArgs
			fmt.Print(w)
		}
	}()
	for attempt := 0; ; attempt++ {
		status, body, err = do(o, client, r)
		if attempt >= o.retries || !transient(status, err) {
			break
		}
		wait := time.Second << attempt
		if !o.silent {
			fmt.Fprintf(os.Stderr, "Warning: transient problem, will retry in %v (%d retries left)\n", wait, o.retries-attempt)
		}
		time.Sleep(wait)
	}
	if err != nil {
		var ee *exitError
		errors.As(err, &ee)
		if !o.silent || o.showErr {
			fmt.Fprintf(os.Stderr, "curl: (%d) %s\n", ee.code, ee.msg)
		}
		return ee.code
	}
	if o.fail && status >= 400 {
		if !o.silent || o.showErr {
			fmt.Fprintf(os.Stderr, "curl: (22) The requested URL returned error: %d\n", status)
		}
		return 22
	}
	out := os.Stdout
	if o.output != "" && o.output != "-" {
		f, ferr := os.Create(o.output)
		if ferr != nil {
			fmt.Fprintln(os.Stderr, "curl: (23) "+ferr.Error())
			return 23
		}
		defer f.Close()
		out = f
	}
	if _, werr := out.Write(body); werr != nil {
		fmt.Fprintln(os.Stderr, "curl: (23) "+werr.Error())
		return 23
	}
	return 0
}

func main() { os.Exit(run(os.Args[1:])) }
