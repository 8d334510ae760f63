#!/usr/bin/env bash
# Installs Debian's nginx for the cluster tests (apps/server/src/cluster.integration.test.ts), which run it on a
# loopback port with deploy/nginx.conf. Only the binary is wanted: the tests start and stop nginx themselves,
# so the Debian service that the package starts on port 80 is stopped again, leaving port 80 free.
# Idempotent: does nothing when /usr/sbin/nginx is already there (apart from stopping a running service).
set -euo pipefail

NGINX=/usr/sbin/nginx
# Where Debian's service (/etc/nginx/nginx.conf) writes its pid.
SERVICE_PID_FILE=/run/nginx.pid

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  as_root=()
fi

# Stops the package's own nginx, if one runs, by the pid it wrote: never any other nginx on the machine.
stop_debian_service() {
  [ -s "$SERVICE_PID_FILE" ] || return 0
  local pid
  pid=$(cat "$SERVICE_PID_FILE")
  if ! "${as_root[@]}" kill -0 "$pid" 2>/dev/null; then return 0; fi
  echo "Stopping the nginx service the package started (pid $pid): the tests run their own nginx"
  "${as_root[@]}" kill -QUIT "$pid" # graceful stop
  for _ in $(seq 1 50); do
    "${as_root[@]}" kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  "${as_root[@]}" kill -TERM "$pid" 2>/dev/null || true
}

if [ -x "$NGINX" ]; then
  echo "nginx is already installed: $("$NGINX" -v 2>&1)"
  stop_debian_service
  exit 0
fi

if [ "$(id -u)" -ne 0 ] && [ ${#as_root[@]} -eq 0 ]; then
  echo "Installing nginx needs root: run this script as root, or install sudo." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update
"${as_root[@]}" apt-get install -y nginx
stop_debian_service

echo "Installed: $("$NGINX" -v 2>&1)"
