-- Argo CD health check for vtbench.dev/BenchmarkRun (argocd-cm key
-- resource.customizations.health.vtbench.dev_BenchmarkRun; argocd-cm.yaml carries this file).
-- A run is Progressing until its Succeeded condition is True (Healthy) or False (Degraded,
-- whatever the reason: LoadFailed, ThresholdsNotMet, ...). Lua 5.1 as Argo CD's gopher-lua runs it.
local hs = {}

local function condition(conditions, kind)
  if conditions == nil then
    return nil
  end
  for _, c in ipairs(conditions) do
    if c.type == kind then
      return c
    end
  end
  return nil
end

local function text(value, default)
  if value == nil then
    return default
  end
  return tostring(value)
end

if obj.status == nil or obj.status.conditions == nil then
  hs.status = "Progressing"
  hs.message = "Waiting for the vtbench operator to start the run"
  return hs
end

local generation = obj.metadata.generation
local observed = obj.status.observedGeneration
if generation ~= nil and observed ~= nil and generation ~= observed then
  hs.status = "Progressing"
  hs.message = "Waiting for the vtbench operator to observe generation " .. text(generation, "?")
    .. " (the status describes generation " .. text(observed, "?") .. ")"
  return hs
end

local conditions = obj.status.conditions
local succeeded = condition(conditions, "Succeeded")

if succeeded ~= nil and succeeded.status == "True" then
  hs.status = "Healthy"
  hs.message = text(obj.status.progress, "all") .. " scenarios recorded"
  if obj.status.summary ~= nil then
    hs.message = hs.message .. ": " .. obj.status.summary
  end
  return hs
end

if succeeded ~= nil and succeeded.status == "False" then
  hs.status = "Degraded"
  hs.message = text(succeeded.reason, "Failed") .. ": " .. text(succeeded.message, "the run failed")
  return hs
end

hs.status = "Progressing"
hs.message = text(obj.status.phase, "Pending")
if obj.status.progress ~= nil then
  hs.message = hs.message .. ": " .. obj.status.progress .. " scenarios recorded"
end
if obj.status.scenario ~= nil then
  hs.message = hs.message .. ", now " .. obj.status.scenario
end
-- What the run waits for, when a stage is not ready: the database first, then the SUT.
local database = condition(conditions, "DatabaseReady")
local sut = condition(conditions, "SutReady")
if database ~= nil and database.status ~= "True" then
  hs.message = hs.message .. "; " .. text(database.message, "waiting for the database")
elseif sut ~= nil and sut.status ~= "True" then
  hs.message = hs.message .. "; " .. text(sut.message, "waiting for the SUT")
end
return hs
