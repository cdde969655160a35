{{/*
Names and labels for every object of the chart, from one place.
*/}}

{{/* The chart's name, overridable with nameOverride. */}}
{{- define "vtbench.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The release's full name: the release name when it already contains the chart name ("vtbench"),
else "<release>-vtbench"; fullnameOverride replaces it.
*/}}
{{- define "vtbench.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* chart-version, as the helm.sh/chart label wants it. */}}
{{- define "vtbench.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* The labels the Deployment selects its pods by; never change them after an install. */}}
{{- define "vtbench.selectorLabels" -}}
app.kubernetes.io/name: {{ include "vtbench.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: operator
{{- end }}

{{/* Labels on every object of the chart. */}}
{{- define "vtbench.labels" -}}
helm.sh/chart: {{ include "vtbench.chart" . }}
{{ include "vtbench.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: vtbench
{{- end }}

{{/* The operator's ServiceAccount. */}}
{{- define "vtbench.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "vtbench.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- required "serviceAccount.name is required when serviceAccount.create is false" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
The namespaces the operator reconciles, as a JSON list of trimmed, distinct names: [] means every
namespace (rbac.clusterWide), else watchNamespaces (a YAML list or a comma-separated string), else
the release namespace. Use: include "vtbench.watchNamespaces" . | fromJsonArray
*/}}
{{- define "vtbench.watchNamespaces" -}}
{{- $raw := .Values.watchNamespaces | default list }}
{{- if kindIs "string" $raw }}
{{- $raw = splitList "," $raw }}
{{- end }}
{{- $out := list }}
{{- range $raw }}
{{- $ns := toString . | trim }}
{{- if $ns }}
{{- if not (regexMatch "^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$" $ns) }}
{{- fail (printf "watchNamespaces: %q is not a namespace name (lower-case letters, digits and '-')" $ns) }}
{{- end }}
{{- $out = append $out $ns }}
{{- end }}
{{- end }}
{{- if (.Values.rbac | default dict).clusterWide }}
{{- if $out }}
{{- fail "rbac.clusterWide=true reconciles every namespace: leave watchNamespaces empty, or drop rbac.clusterWide to get a Role in each watched namespace" }}
{{- end }}
{{- else if not $out }}
{{- $out = list .Release.Namespace }}
{{- end }}
{{- $out | uniq | toJson }}
{{- end }}

{{/*
Fails the render when the old serviceMonitor.enabled is true: the values moved under monitoring
(monitoring.enabled, monitoring.serviceMonitors.operator, monitoring.labels); an old values file
that leaves it false still renders.
*/}}
{{- define "vtbench.monitoring.check" -}}
{{- $old := .Values.serviceMonitor }}
{{- if and (kindIs "map" $old) $old.enabled }}
{{- fail "serviceMonitor.* moved: set monitoring.enabled=true (monitoring.serviceMonitors.operator.enabled picks the operator's ServiceMonitor), monitoring.labels, monitoring.interval and monitoring.scrapeTimeout; see docs/monitoring.md" }}
{{- end }}
{{- end }}

{{/*
"true" when monitoring.enabled and the part passed as the second element are both on.
Use: include "vtbench.monitoring.on" (list . .Values.monitoring.serviceMonitors.sut)
*/}}
{{- define "vtbench.monitoring.on" -}}
{{- $root := index . 0 }}
{{- $part := index . 1 | default dict }}
{{- if and $root.Values.monitoring.enabled $part.enabled }}true{{ end }}
{{- end }}

{{/*
The namespaceSelector of the monitors of run workloads: monitoring.namespaces, else the watched
namespaces, else any namespace.
*/}}
{{- define "vtbench.monitoring.namespaceSelector" -}}
{{- $namespaces := .Values.monitoring.namespaces | default list }}
{{- if not $namespaces }}
{{- $namespaces = include "vtbench.watchNamespaces" . | fromJsonArray }}
{{- end }}
{{- if $namespaces }}
matchNames:
{{- range $namespaces }}
  - {{ . | quote }}
{{- end }}
{{- else }}
any: true
{{- end }}
{{- end }}

{{/* Labels of every monitoring object: the chart's and monitoring.labels. */}}
{{- define "vtbench.monitoring.labels" -}}
{{ include "vtbench.labels" . }}
{{- with .Values.monitoring.labels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/*
reconcileThreads as the operator's RECONCILE_THREADS: "" for 0 (the operator's default, two per
CPU), the number for 1 to 100; anything else fails the render naming the value.
*/}}
{{- define "vtbench.reconcileThreads" -}}
{{- $n := toString (.Values.reconcileThreads | default 0) }}
{{- if not (regexMatch "^(0|[1-9][0-9]?|100)$" $n) }}
{{- fail (printf "reconcileThreads: %q is not a whole number from 0 (two per CPU) to 100" $n) }}
{{- end }}
{{- if ne $n "0" }}{{ $n }}{{ end }}
{{- end }}
