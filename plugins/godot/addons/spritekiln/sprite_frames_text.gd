@tool
extends RefCounted
## sprite_frames.tres text from a job's sheet.json: the same text the server's builder writes
## (workers/output/godotSpriteFrames.ts; a test checks they agree byte for byte). The plugin uses it
## when a server lists no Godot export in sheet.json `meta.exports` (servers older than the export),
## so every sheet job still ends as a SpriteFrames.
##
## Timing: Godot plays a frame for duration / speed seconds. With g = gcd(1000, every duration in ms),
## speed = 1000 / g and duration = ms / g are whole numbers, so each frame lasts exactly its ms
## (80, 80, 90 ms -> speed 100, durations 8, 8, 9).


## Text of a SpriteFrames over `sheet` (a file name relative to the .tres), or "" when sheet.json does
## not describe frames (then `error` says why).
static func from_sheet_json(sheet: Dictionary) -> Dictionary:
	var meta: Dictionary = sheet.get("meta", {})
	var frames: Dictionary = sheet.get("frames", {})
	if frames.is_empty():
		return _fail("sheet.json has no frames")
	# Keys are "0".."N-1" (sheet.json's contract); sort them as numbers, not as strings.
	var keys: Array = frames.keys()
	keys.sort_custom(func(a, b): return int(a) < int(b))
	var rects: Array[Rect2i] = []
	var durations: Array[int] = []
	for key in keys:
		var f: Dictionary = frames[key]
		var r: Dictionary = f.get("frame", {})
		rects.append(Rect2i(int(r.get("x", 0)), int(r.get("y", 0)), int(r.get("w", 0)), int(r.get("h", 0))))
		durations.append(int(f.get("duration", 100)))
	var size: Dictionary = meta.get("size", {})
	# One animation per frame tag; a sheet without tags plays whole, as "default" (a lone unnamed tag too).
	var animations: Array = []
	for tag in meta.get("frameTags", []):
		animations.append({"name": str(tag.get("name", "")), "from": int(tag.get("from", 0)), "to": int(tag.get("to", -1))})
	if animations.is_empty():
		animations = [{"name": "default", "from": 0, "to": rects.size() - 1}]
	elif animations.size() == 1 and animations[0].name == "":
		animations[0].name = "default"
	return build(str(meta.get("image", "sheet.png")), int(size.get("w", 0)), int(size.get("h", 0)), rects, durations, animations, true)


## Returns {"text": String, "error": String}: text is "" when an input is out of range. `animations`
## are {"name", "from", "to"} (frames from..to inclusive), named uniquely.
static func build(sheet: String, width: int, height: int, rects: Array[Rect2i], durations_ms: Array[int], animations: Array, loop: bool) -> Dictionary:
	if rects.is_empty() or rects.size() != durations_ms.size():
		return _fail("Expected one duration per frame (%d frames) but received %d" % [rects.size(), durations_ms.size()])
	if animations.is_empty():
		return _fail("Expected at least one animation but received none")
	var seen := {}
	for a in animations:
		if str(a.name) == "" or seen.has(str(a.name)):
			return _fail("Expected unique, non-empty animation names but received %s" % [animations])
		seen[str(a.name)] = true
		if int(a.from) < 0 or int(a.to) < int(a.from) or int(a.to) >= rects.size():
			return _fail("Animation %s runs over frames %d-%d of %d" % [a.name, a.from, a.to, rects.size()])
	if sheet == "" or sheet.contains("://") or sheet.begins_with("/") or sheet.split("/").has(".."):
		return _fail("Expected a relative file name for the sheet but received %s" % sheet)
	if width < 1 or height < 1:
		return _fail("Expected a sheet size but received %dx%d" % [width, height])
	for i in rects.size():
		var r := rects[i]
		if r.position.x < 0 or r.position.y < 0 or r.size.x < 1 or r.size.y < 1 or r.end.x > width or r.end.y > height:
			return _fail("Frame %d (%s) is outside the %dx%d sheet" % [i, r, width, height])
		if durations_ms[i] < 1 or durations_ms[i] > 60000:
			return _fail("Expected a duration between 1 and 60000 ms for frame %d but received %d" % [i, durations_ms[i]])
	var lines: PackedStringArray = []
	# load_steps (ext + sub resources + the resource) is what Godot 4.0-4.5 write; 4.6 ignores it.
	lines.append('[gd_resource type="SpriteFrames" load_steps=%d format=3]' % (rects.size() + 2))
	lines.append("")
	lines.append('[ext_resource type="Texture2D" path=%s id="1_sheet"]' % _string(sheet))
	lines.append("")
	for i in rects.size():
		var r := rects[i]
		lines.append('[sub_resource type="AtlasTexture" id="AtlasTexture_%d"]' % i)
		lines.append('atlas = ExtResource("1_sheet")')
		lines.append("region = Rect2(%d, %d, %d, %d)" % [r.position.x, r.position.y, r.size.x, r.size.y])
		lines.append("")
	# Each animation has its own speed, from its own frames' durations.
	var blocks: PackedStringArray = []
	for a in animations:
		var g := 1000
		for i in range(int(a.from), int(a.to) + 1):
			g = _gcd(g, durations_ms[i])
		var entries: PackedStringArray = []
		for i in range(int(a.from), int(a.to) + 1):
			entries.append('{\n"duration": %d.0,\n"texture": SubResource("AtlasTexture_%d")\n}' % [durations_ms[i] / g, i])
		blocks.append('{\n"frames": [%s],\n"loop": %s,\n"name": &%s,\n"speed": %d.0\n}' % [", ".join(entries), "true" if loop else "false", _string(str(a.name)), 1000 / g])
	lines.append("[resource]")
	lines.append("animations = [%s]" % ", ".join(blocks))
	return {"text": "\n".join(lines) + "\n", "error": ""}


static func _gcd(a: int, b: int) -> int:
	while b != 0:
		var t := a % b
		a = b
		b = t
	return a


## A quoted string as Godot's text resource parser reads it.
static func _string(s: String) -> String:
	return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")


static func _fail(message: String) -> Dictionary:
	return {"text": "", "error": message}
