#!/bin/sh
# Makes the dynamic-security plugin's file with the server's account (the plugin's admin role: it may
# subscribe to the devices' topics and use $CONTROL/dynamic-security/v1 to keep their accounts).
#   tools/mosquitto/init.sh [file] [user name]   (the password is asked for, or taken from EC_MQTT_PASSWORD)
# then start `mosquitto -c tools/mosquitto/mosquitto.conf` and the server with
#   MQTT_URL='mqtt://<user name>:<password>@<host>:1883' MQTT_DYNSEC=on
# Devices added before the switch get their broker account when their secret is renewed (编辑 → 重置密钥).
set -eu
file=${1:-/var/lib/mosquitto/dynamic-security.json}
user=${2:-ec-server}
if [ -e "$file" ]; then echo "$file exists: not overwritten" >&2; exit 1; fi
if [ -n "${EC_MQTT_PASSWORD:-}" ]; then
  printf '%s\n%s\n' "$EC_MQTT_PASSWORD" "$EC_MQTT_PASSWORD" | mosquitto_ctrl dynsec init "$file" "$user"
else
  mosquitto_ctrl dynsec init "$file" "$user"
fi
chmod 600 "$file"
# The broker saves the accounts it is told about (it runs as mosquitto on Debian).
if id mosquitto >/dev/null 2>&1; then chown mosquitto: "$file"; fi
