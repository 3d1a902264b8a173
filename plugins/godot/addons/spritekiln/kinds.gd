@tool
extends RefCounted
## The form of every job kind, field by field, as the API names them (/openapi.json). The
## dock builds its inputs from this table, so a field added to the API is one line here.
##
## type: "text" (one line), "multiline" (JSON lists), "enum" / "int_enum" (a fixed list), "bool",
## "file" (one image), "files" (several images, the field repeated). required: the server rejects a
## request without it; optional fields left empty are not sent at all.

const AI_MODELS := ["Alpha Image 2", "Alpha Image 2.5 High", "Alpha Image 2.5 XHigh", "Gamma Pro", "Alpha Image 1.5", "Beta Imagine", "Beta Imagine Pro", "Gamma", "Gamma 2"]
const BACKGROUNDS := ["white", "chroma_green", "magenta", "light_gray", "light_purple", "dark_gray"]
const RESOLUTIONS := ["1K", "2K", "4K"]
const STYLES := ["pixel", "cartoon", "sd", "quater_view"]
const MODES := ["image_to_video", "first_last_frame", "video_restyle"]
const ROWS_EXAMPLE := '[{"row": 1, "title": "walk", "description": "walking to the right"}]'

const KINDS := [
	{"kind": "zenith", "label": "Sprite animation: zenith (36/100 frames)", "fields": [
		{"name": "mode", "type": "enum", "required": true, "options": MODES},
		{"name": "images", "type": "files", "required": true, "hint": "1 image; 2 for first_last_frame (start, end); a sheet or GIF for video_restyle"},
		{"name": "text", "type": "text", "required": false, "hint": "motion, e.g. jump"},
		{"name": "frame", "type": "int_enum", "required": false, "options": [36, 100], "hint": "not sent for video_restyle"},
		{"name": "is_pixel", "type": "bool", "required": false},
		{"name": "is_prompt_enhancement", "type": "bool", "required": false},
		{"name": "reference_image", "type": "file", "required": false, "hint": "video_restyle only, PNG"},
		{"name": "sprite_grid", "type": "text", "required": false, "hint": "video_restyle PNG sheet: {\"columns\": 4, \"rows\": 2}"},
	]},
	{"kind": "pulsar", "label": "Sprite animation: pulsar (36 frames)", "fields": [
		{"name": "mode", "type": "enum", "required": true, "options": MODES},
		{"name": "images", "type": "files", "required": true, "hint": "1 image; 2 for first_last_frame (start, end); a sheet or GIF for video_restyle"},
		{"name": "text", "type": "text", "required": false, "hint": "motion, e.g. walk"},
		{"name": "is_pixel", "type": "bool", "required": false},
		{"name": "reference_image", "type": "file", "required": false, "hint": "video_restyle only, PNG"},
		{"name": "sprite_grid", "type": "text", "required": false, "hint": "video_restyle PNG sheet: {\"columns\": 4, \"rows\": 2}"},
	]},
	{"kind": "plus", "label": "Sprite animation: plus (49/81 frames)", "fields": [
		{"name": "start_image", "type": "file", "required": true},
		{"name": "end_image", "type": "file", "required": false},
		{"name": "text", "type": "text", "required": true, "hint": "motion, e.g. run"},
		{"name": "frame", "type": "int_enum", "required": true, "options": [49, 81]},
		{"name": "is_pixel", "type": "bool", "required": false},
		{"name": "is_prompt_enhancement", "type": "bool", "required": false},
	]},
	{"kind": "make-sprite", "label": "Sprite animation: make-sprite v2 (49/81/121 frames)", "fields": [
		{"name": "start_frame_image", "type": "file", "required": true},
		{"name": "end_frame_image", "type": "file", "required": false},
		{"name": "text", "type": "text", "required": true, "hint": "motion, e.g. attack"},
		{"name": "frame", "type": "int_enum", "required": true, "options": [49, 81, 121]},
		{"name": "is_pixel", "type": "bool", "required": true},
	]},
	{"kind": "effect-v2", "label": "Effect sheet v2 (4/9/16 frames)", "fields": [
		{"name": "description", "type": "text", "required": true, "hint": "e.g. fire burst"},
		{"name": "frame", "type": "int_enum", "required": true, "options": [4, 9, 16]},
		{"name": "background_color", "type": "enum", "required": true, "options": BACKGROUNDS},
		{"name": "image", "type": "file", "required": false},
	]},
	{"kind": "effect-v1", "label": "Effect sheet v1 (16 frames)", "fields": [
		{"name": "description", "type": "text", "required": true, "hint": "e.g. lightning"},
		{"name": "resolution", "type": "enum", "required": true, "options": RESOLUTIONS},
		{"name": "background_color", "type": "enum", "required": true, "options": BACKGROUNDS},
		{"name": "image", "type": "file", "required": false},
	]},
	{"kind": "overlay-v2", "label": "Character overlay v2", "fields": [
		{"name": "sprite_sheet", "type": "file", "required": true},
		{"name": "character_images", "type": "files", "required": true, "hint": "1 to 4 images"},
		{"name": "rows", "type": "multiline", "required": true, "default": ROWS_EXAMPLE},
		{"name": "quality", "type": "enum", "required": true, "options": ["standard", "pro"]},
		{"name": "style", "type": "enum", "required": false, "options": STYLES},
	]},
	{"kind": "overlay-v1", "label": "Character overlay v1", "fields": [
		{"name": "sprite_sheet", "type": "file", "required": true},
		{"name": "character_images", "type": "files", "required": true, "hint": "1 to 4 images"},
		{"name": "rows", "type": "multiline", "required": true, "default": ROWS_EXAMPLE},
		{"name": "resolution", "type": "enum", "required": true, "options": RESOLUTIONS},
		{"name": "style", "type": "enum", "required": false, "options": STYLES},
	]},
	{"kind": "image", "label": "Image from a prompt", "fields": [
		{"name": "prompt", "type": "text", "required": true, "hint": "e.g. a knight with a red plume"},
		{"name": "ai_model", "type": "enum", "required": true, "options": AI_MODELS},
		{"name": "ref_images", "type": "files", "required": false, "hint": "reference images"},
	]},
]

