from flask import Blueprint
bp = Blueprint("classroom", __name__)
